// SPDX-License-Identifier: BSD-3-Clause
// Writes the site of one branch under <output>/<branch>/ and the index of every branch found
// under <output>/, so that several branches can be published side by side; all of it or nothing.
#pragma once

#include "analysis/experiment.hpp"
#include "gate/rules.hpp"
#include "pages/templates.hpp"
#include "tally/model/atomic_file.hpp"
#include "tally/model/energy_estimate.hpp"

#include <filesystem>
#include <optional>

namespace tally::pages {

/// Enough commits to look back at recent runs in full, few enough that the site grows with
/// commits × configurations rather than with every run of a long history.
inline constexpr std::size_t default_run_page_commits = 20;

/// Commits gated against their parent on the site by default: the index's and the charts' recent past.
inline constexpr std::size_t default_verdict_commits = 20;

struct SiteRequest {
  std::filesystem::path output;
  std::string branch;   ///< as the user named it; its folder is a slug of it
  unsigned threads = 1; ///< pages rendered at once
  /// The median repetition of each configuration at the newest this many commits gets a page of
  /// its own; other runs are rows of their commit's page only (see runs_with_pages()).
  std::size_t run_page_commits = default_run_page_commits;
  /// The newest this many commits are gated against their parent (gate::branch_verdicts): the
  /// cost grows with commits × checks, so a long history is not gated whole at every build.
  std::size_t verdict_commits = default_verdict_commits;
  gate::GateConfig gate_config{}; ///< the rules of those verdicts (its waivers are not applied)
  /// A node power profile: each experiment's dashboard then shows the time–energy chart of its
  /// newest commit, energy estimated by the model (analysis/energy/README.md).
  std::optional<model::NodePowerProfile> power_profile = std::nullopt;
  model::FileSystemCalls calls = model::system_file_calls(); ///< every file written goes through them
};

/// Returns the branch's index page. The branch folder is built beside the published one and
/// swapped in when complete (staged_site.hpp). Throws std::runtime_error naming a file that cannot
/// be written; the previous site is then as it was.
std::filesystem::path build_site(const SiteRequest& request, const Templates& templates,
                                 const analysis::ingest::RunSet& runs, const analysis::history::CommitAxis& axis,
                                 const std::vector<analysis::Experiment>& experiments);

} // namespace tally::pages
