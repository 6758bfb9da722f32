// SPDX-License-Identifier: BSD-3-Clause
// Parallel loading: one task per file; results land in slots of a vector so that the output
// order does not depend on thread timing.
#include "analysis/ingest/run_loader.hpp"

#include "analysis/ingest/document_paths.hpp"
#include "analysis/ingest/repeated_runs.hpp"
#include "analysis/ingest/talp/talp.hpp"
#include "analysis/parallel_for.hpp"

#include "tally/model/document_io.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace tally::analysis::ingest {
namespace {

using Outcome = std::variant<LoadedRun, InvalidDocument>;

InvalidDocument invalid(const std::string& file, const model::Problems& problems) {
  InvalidDocument out{file, {}};
  for (const model::Problem& problem : problems)
    out.problems.push_back(model::to_string(problem));
  return out;
}

void drop_timeline_buckets(model::RunDocument& document) {
  if (!document.timeline) return;
  // Swapped with empty vectors: clear() would keep the capacity.
  for (std::vector<std::uint64_t>* values : {&document.timeline->useful_ns, &document.timeline->mpi_ns,
                                             &document.timeline->offload_ns, &document.timeline->openmp_ns})
    std::vector<std::uint64_t>().swap(*values);
}

Outcome load_one(const std::filesystem::path& path) {
  const std::string file = path.string();
  const auto text = model::read_json_text(path);
  if (const auto* problems = std::get_if<model::Problems>(&text)) return invalid(file, *problems);
  const std::string& bytes = std::get<std::string>(text);
  std::optional<model::ReadResult> talp = talp::import_talp(bytes, file, talp::TalpImportOptions{});
  model::ReadResult result = talp ? std::move(*talp) : model::parse_run_document(bytes, file);
  if (const auto* problems = std::get_if<model::Problems>(&result)) return invalid(file, *problems);
  auto& document = std::get<model::RunDocument>(result);
  // Indexed once here, as the site and the gate look every region of every run up many times.
  document.region_index = model::RegionIndex(document.regions);
  return LoadedRun{path, std::move(document)};
}

} // namespace

RunSet load_runs(const std::vector<std::string>& inputs, unsigned threads, const LoadOptions& options) {
  const DocumentPaths paths = expand_document_paths(inputs);
  std::vector<Outcome> outcomes(paths.files.size());
  parallel_for(paths.files.size(), threads, [&](std::size_t i) {
    outcomes[i] = load_one(paths.files[i]);
    // Dropped as each document is read, so that the arrays of every run are never held at once.
    if (auto* run = std::get_if<LoadedRun>(&outcomes[i]); run && !options.timeline_buckets)
      drop_timeline_buckets(run->document);
  });

  RunSet out;
  out.runs.reserve(outcomes.size()); // a run is 1.1 kB: growing would move each about twice more
  for (const std::string& problem : paths.problems)
    out.invalid.push_back({problem, {problem}});
  for (Outcome& outcome : outcomes) {
    if (auto* run = std::get_if<LoadedRun>(&outcome)) {
      out.runs.push_back(std::move(*run));
    } else {
      out.invalid.push_back(std::move(std::get<InvalidDocument>(outcome)));
    }
  }
  set_aside_repeated_runs(out);
  return out;
}

void restore_timeline_buckets(LoadedRun& run) {
  Outcome again = load_one(run.file);
  if (auto* loaded = std::get_if<LoadedRun>(&again)) run.document.timeline = std::move(loaded->document.timeline);
}

} // namespace tally::analysis::ingest
