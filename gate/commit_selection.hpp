// Which runs are the candidate and which the baseline: revisions resolved with git when a
// repository is given (a document's commit matches by prefix), else taken as written.
#pragma once

#include "gate/compare.hpp"
#include "gate/reports.hpp"

#include <string>
#include <variant>
#include <vector>

namespace tally::gate {

struct SelectionRequest {
  std::string repository;  ///< empty: no git, revisions are commit ids as in the documents
  std::string candidate;   ///< revision of the candidate
  std::string baseline;    ///< empty: merge-request base, else the candidate's previous commit with runs
  std::size_t history = 1; ///< baseline commits with runs pooled, newest first (first-parent order)
};

struct SelectedCommits {
  CommitSelection selection;
  GateHeading heading;
  std::string candidate_commit;   ///< for waivers: the resolved id, or the revision as written
  std::vector<std::string> notes; ///< how the baseline was chosen, for stderr
};

/// The commits of each side; an error (exit 2) names what could not be resolved or found. A
/// baseline without runs is not an error: the selection's baseline is then empty.
std::variant<SelectedCommits, std::string> select_commits(const analysis::ingest::RunSet& runs,
                                                          const SelectionRequest& request);

} // namespace tally::gate
