// SPDX-License-Identifier: BSD-3-Clause
// Which runs are the candidate and which the baseline: revisions resolved with git when a
// repository is given, else matched against the commits the documents name. Either way, which
// commit a document's id names is analysis/history's CommitResolver rule, as on the site.
#pragma once

#include "gate/compare.hpp"
#include "gate/reports.hpp"

#include "analysis/history/commit_resolver.hpp"

#include <string>
#include <variant>
#include <vector>

namespace tally::gate {

struct SelectionRequest {
  std::string repository;         ///< empty: no git, revisions are commit ids as in the documents
  std::string candidate;          ///< revision of the candidate
  std::string baseline;           ///< empty: merge-request base, else the candidate's previous commit with runs
  std::size_t history = 1;        ///< baseline commits with runs pooled, newest first (first-parent order)
  std::size_t noise_history = 10; ///< earlier commits with runs whose medians give the noise (0: none)
};

struct SelectedCommits {
  CommitSelection selection;
  GateHeading heading;
  std::string candidate_commit;   ///< for waivers: the resolved id, or the revision as written
  std::string baseline_commit;    ///< the newest baseline commit with runs (full id); empty without one
  std::vector<std::string> notes; ///< how the baseline was chosen, and ambiguous ids, for stderr
  /// Document ids naming several commits of the histories looked at: their runs are on neither side.
  std::vector<analysis::history::AmbiguousId> ambiguous;
};

/// Why no commits could be selected; the gate exits 2.
struct SelectionError {
  enum class Kind {
    repository,        ///< the repository cannot be opened
    revision,          ///< git cannot resolve a revision, or read its history or a merge base
    ambiguous,         ///< without git, a revision names several commits with runs
    no_candidate_runs, ///< no document names the candidate's commit
  };
  Kind kind;
  std::string message; ///< one line naming the repository, the revision or the candidates
};

/// The commits of each side, or why there are none.
using SelectionResult = std::variant<SelectedCommits, SelectionError>;

/// The commits of each side. A baseline without runs is not an error: the selection's baseline is
/// then empty.
SelectionResult select_commits(const analysis::ingest::RunSet& runs, const SelectionRequest& request);

} // namespace tally::gate
