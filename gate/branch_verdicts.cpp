// SPDX-License-Identifier: BSD-3-Clause
// The commits of the axis are the branch's commits with runs, oldest first: the parent with runs of
// position p is p − 1 and its history the positions before, as commit_selection picks them on the
// first-parent line.
#include "gate/branch_verdicts.hpp"

#include "analysis/parallel_for.hpp"

#include <set>
#include <string>
#include <utility>

namespace tally::gate {

std::vector<std::optional<CommitVerdict>> branch_verdicts(const analysis::ingest::RunSet& runs,
                                                          const analysis::history::CommitAxis& axis,
                                                          const GateConfig& config, std::size_t noise_history,
                                                          std::size_t newest_commits, unsigned threads) {
  std::vector<std::optional<CommitVerdict>> out(axis.commits.size());
  GateConfig rules = config;
  rules.waivers.clear(); // they expire by date, and the site has no date of its own to judge them on
  const auto ids = [&](std::size_t position) {
    const auto& commit = axis.commits[position];
    return std::set<std::string>(commit.ids.begin(), commit.ids.end());
  };
  // Each commit is gated on its own: all threads, each writing only its own entry.
  analysis::parallel_for(axis.commits.size(), threads, [&](std::size_t position) {
    if (position == 0 || position + newest_commits < axis.commits.size()) return;
    CommitSelection selection{ids(position), ids(position - 1), {}};
    for (std::size_t earlier = position - 1; earlier-- > 0 && selection.history.size() < noise_history;)
      selection.history.push_back(ids(earlier));
    GateResult result = compare_runs(runs, selection, rules, axis.commits[position].sha, "");
    out[position] = CommitVerdict{position - 1, result.overall, std::move(result.findings)};
  });
  return out;
}

} // namespace tally::gate
