// SPDX-License-Identifier: BSD-3-Clause
// Every commit of a branch gated against its parent, as `tally gate` would in CI: what the site
// shows beside each commit.
#pragma once

#include "gate/findings.hpp"

#include "analysis/history/commit_axis.hpp"
#include "analysis/ingest/run_loader.hpp"

#include <optional>
#include <vector>

namespace tally::gate {

/// One commit's verdict against its parent on the branch.
struct CommitVerdict {
  std::size_t baseline = 0;        ///< axis position of the parent: the previous commit with runs
  Verdict overall = Verdict::pass; ///< compare_runs' verdict: the rule of decision.hpp, as `tally gate` decides it
  std::vector<Finding> findings;   ///< the comparison's findings, worst first
};

/// For each position of `axis`, the verdict of its commit against the previous one with the gate's
/// defaults (`config`, and the noise learned from up to `noise_history` earlier commits, as
/// SelectionRequest's default), for the newest `newest_commits` commits; nullopt for the others
/// and for the oldest commit, which has no parent with runs. The waivers of `config` are not
/// applied (the site has no date to expire them on). Commits are gated on `threads` threads.
std::vector<std::optional<CommitVerdict>> branch_verdicts(const analysis::ingest::RunSet& runs,
                                                          const analysis::history::CommitAxis& axis,
                                                          const GateConfig& config, std::size_t noise_history,
                                                          std::size_t newest_commits, unsigned threads);

} // namespace tally::gate
