// SPDX-License-Identifier: BSD-3-Clause
// Completes and writes the run document. Runs on rank 0 (or the single process) at the end.
#include "core/run_output.hpp"

#include "core/clock.hpp"
#include "core/host_probe.hpp"
#include "core/process.hpp"
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

} // namespace

void publish_run(RunAggregates aggregates) {
  const Process& p = process();
  const Options& options = p.options;
  model::RunDocument document;
  document.tally_version = model::tally_version;
  document.run.id = run_id(p.start_time);
  document.run.experiment = options.experiment;
  document.run.label = options.label.empty() ? model::resource_label(aggregates.resources) : options.label;
  document.run.start_time = p.start_time;
  document.run.end_time = utc_now_iso8601();
  document.run.command_line = command_line();
  document.run.scaling = model::scaling_from_string(options.scaling);
  document.source = source_from_environment(options);
  document.resources = std::move(aggregates.resources);
  document.environment = {cpu_model(), aggregates.mpi_library, aggregates.mpi_version, program_compiler(), p.counters,
                          clock_name()};
  document.regions = std::move(aggregates.regions);
  document.timeline = std::move(aggregates.timeline);
  if (document.timeline) document.timeline->behaviour = model::timeline_behaviour(*document.timeline);

  const std::string stem = model::file_name_part(document.run.experiment, "run") + "_" +
                           model::file_name_part(document.run.label, "run") + "_" +
                           model::compact_time(document.run.start_time);
  const model::WrittenFile written = model::write_file_atomically(
      options.output + "/" + stem + ".json", model::write_run_document(document), model::Existing::keep_and_number);
  if (!written.error.empty()) {
    warn_once(Warning::output, written.error + "; no run document written");
    return;
  }
  if (options.summary) warn("run document " + written.path + "\n" + model::metric_report_text(document));
}

} // namespace tally::profiler
