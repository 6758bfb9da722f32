// SPDX-License-Identifier: BSD-3-Clause
// The gate's verdict of a commit against its parent, as the templates show it: a word with its
// class, the parent, and one line per finding.
#pragma once

#include "gate/branch_verdicts.hpp"
#include "pages/templates.hpp"

#include <optional>
#include <vector>

namespace tally::pages {

/// gate::branch_verdicts of the branch, by axis position.
using BranchVerdicts = std::vector<std::optional<gate::CommitVerdict>>;

/// The gate's verdict of the commit at `position`, nullptr when it was not gated.
const gate::CommitVerdict* verdict_at(const BranchVerdicts& verdicts, std::size_t position);

/// The verdict of the commit at `position`: `word` (regression, improvement, inconclusive, pass),
/// `class` (verdict-<word>), `parent` (commit_data of the commit it was compared with) and
/// `findings` ({verdict, summary} each) with `has_findings`; false when it has none (the oldest
/// commit), so that a template section shows nothing.
TemplateData verdict_data(const BranchVerdicts& verdicts, const analysis::history::CommitAxis& axis,
                          std::size_t position);

} // namespace tally::pages
