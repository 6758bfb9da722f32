// SPDX-License-Identifier: BSD-3-Clause
// Completes and writes the run document. Runs on rank 0 (or the single process) at the end.
#include "core/run_output.hpp"

#include "core/clock.hpp"
#include "core/host_probe.hpp"
#include "core/process.hpp"
#include "core/slurm_job.hpp"
#include "core/source_info.hpp"
#include "core/warnings.hpp"

#include "tally/model/atomic_file.hpp"
#include "tally/model/document_io.hpp"
#include "tally/model/file_names.hpp"
#include "tally/model/metric_report.hpp"
#include "tally/model/resource_label.hpp"
#include "tally/model/timeline_behaviour.hpp"
#include "tally/model/version.hpp"

#include <random>
#include <unistd.h>

namespace tally::profiler {
namespace {

std::string run_id(const std::string& start_time) {
  std::random_device entropy;
  const auto salt = std::uniform_int_distribution<unsigned>(0, 0xffff)(entropy);
  char suffix[8];
  std::snprintf(suffix, sizeof suffix, "%04x", salt);
  return model::compact_time(start_time) + "-" + host_name() + "-" + std::to_string(getpid()) + "-" + suffix;
}

std::string label_of(const model::Resources& resources) {
  const std::string& label = process().options.label;
  return label.empty() ? model::resource_label(resources) : label;
}

/// The hung document this process wrote, which its later documents replace. Written by the
/// helper thread, read by the thread that ends the run after it stopped (joined) the helper.
/// Never destroyed: the run of a program without MPI is written during exit.
std::string& hung_document() {
  static auto* path = new std::string();
  return *path;
}

} // namespace

model::Resources run_resources(std::uint64_t nodes, std::uint64_t ranks, std::vector<std::string> hosts) {
  return model::Resources{nodes, ranks, 1, 0, std::move(hosts), process().options.cpu_frequency_khz};
}

std::string run_document_path(const model::Resources& resources, std::uint64_t hung_rank) {
  const Process& p = process();
  std::string stem = model::file_name_part(p.options.experiment, "run") + "_" +
                     model::file_name_part(label_of(resources), "run") + "_" + model::compact_time(p.start_time);
  // Both builds of an A/B study write to one folder: the side in the name tells their files apart.
  if (p.options.ab_study) stem += "_" + std::string(to_string(p.options.ab_study->side));
  return p.options.output + "/" + stem + (hung_rank != 0 ? "-rank" + std::to_string(hung_rank) : "") + ".json";
}

void publish_run(RunAggregates aggregates) {
  const Process& p = process();
  const Options& options = p.options;
  // A later view of the run (another wait, or the completed run) replaces this process's hung one.
  const bool replaces_hung = !hung_document().empty();
  const std::string path = replaces_hung
                               ? hung_document()
                               : run_document_path(aggregates.resources, aggregates.hang ? aggregates.hang->rank : 0);
  model::RunDocument document;
  document.tally_version = model::tally_version;
  document.run.id = run_id(p.start_time);
  document.run.experiment = options.experiment;
  document.run.label = label_of(aggregates.resources);
  document.run.start_time = p.start_time;
  document.run.end_time = utc_now_iso8601();
  document.run.command_line = command_line();
  document.run.scaling = model::scaling_from_string(options.scaling);
  document.run.ab_study = options.ab_study;
  document.run.job = slurm_job(options.job_end_time_s);
  document.source = source_from_environment(options);
  document.resources = std::move(aggregates.resources);
  document.environment = {cpu_model(), aggregates.mpi_library, aggregates.mpi_version,      program_compiler(),
                          p.counters,  clock_name(),           std::move(aggregates.energy)};
  if (aggregates.hang) {
    document.run.outcome = model::RunOutcome::hung;
    document.run.hang = aggregates.hang;
  }
  document.regions = std::move(aggregates.regions);
  document.timeline = std::move(aggregates.timeline);
  if (document.timeline) document.timeline->behaviour = model::timeline_behaviour(*document.timeline);

  const model::WrittenFile written =
      model::write_file_atomically(path, model::write_run_document(document),
                                   replaces_hung ? model::Existing::replace : model::Existing::keep_and_number);
  if (!written.error.empty()) {
    warn_once(Warning::output, written.error + "; no run document written");
    return;
  }
  if (aggregates.hang) hung_document() = written.path;
  if (options.summary) warn("run document " + written.path + "\n" + model::metric_report_text(document));
}

} // namespace tally::profiler
