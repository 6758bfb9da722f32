// SPDX-License-Identifier: BSD-3-Clause
// Counting the branches the runs name.
#include "analysis/history/published_branch.hpp"

#include <map>

namespace tally::analysis::history {

std::string most_named_branch(const ingest::RunSet& runs) {
  std::map<std::string, std::size_t> counts;
  for (const ingest::LoadedRun& run : runs.runs) {
    if (run.document.source && !run.document.source->branch.empty()) ++counts[run.document.source->branch];
  }
  std::string best = unnamed_branch;
  std::size_t most = 0;
  // In name order, so that only a strictly larger count displaces the first of a tie.
  for (const auto& [branch, count] : counts) {
    if (count > most) {
      best = branch;
      most = count;
    }
  }
  return best;
}

} // namespace tally::analysis::history
