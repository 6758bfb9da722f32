// SPDX-License-Identifier: BSD-3-Clause
// The first document of a run id is kept, so that the choice does not depend on thread timing
// (load_runs orders its runs by file).
#include "analysis/ingest/repeated_runs.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace tally::analysis::ingest {

void set_aside_repeated_runs(RunSet& runs) {
  std::map<std::string, std::string> first_file; // run id -> the file kept
  const auto repeated = [&](const LoadedRun& run) {
    const auto [kept, first] = first_file.try_emplace(run.document.run.id, run.file.string());
    if (first) return false;
    const std::string file = run.file.string();
    runs.invalid.push_back(
        {file, {file + ": run " + run.document.run.id + " was read already from " + kept->second + ": counted once"}});
    return true;
  };
  runs.runs.erase(std::remove_if(runs.runs.begin(), runs.runs.end(), repeated), runs.runs.end());
}

} // namespace tally::analysis::ingest
