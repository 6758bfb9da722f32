// SPDX-License-Identifier: BSD-3-Clause
// Listing an import's output folder once, then answering for each converted file whether its run
// is there already.
#include "analysis/ingest/talp/imported_runs.hpp"

#include "analysis/ingest/talp/talp_run_info.hpp"

#include <system_error>

namespace tally::analysis::ingest::talp {

ImportedRuns::ImportedRuns(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::directory_iterator entries(folder, error);
  for (; !error && entries != std::filesystem::directory_iterator(); entries.increment(error)) {
    const std::filesystem::path& path = entries->path();
    if (path.extension() != ".json") continue;
    const std::string id = path.stem().string();
    // A name that is not an imported run id (a profiler's document) has no run key and is skipped.
    if (const auto run = imported_run_key(id)) by_run_.emplace(*run, path);
  }
}

std::optional<std::filesystem::path> ImportedRuns::find(const std::string& run_id) const {
  const auto run = imported_run_key(run_id);
  if (!run) return std::nullopt;
  const auto found = by_run_.find(*run);
  if (found == by_run_.end()) return std::nullopt;
  return found->second;
}

void ImportedRuns::add(const std::string& run_id, const std::filesystem::path& document) {
  if (const auto run = imported_run_key(run_id)) by_run_.emplace(*run, document);
}

} // namespace tally::analysis::ingest::talp
