// SPDX-License-Identifier: BSD-3-Clause
// The page of one commit: its gate verdict against its parent with the findings, and every run of
// it, one row each (experiment, configuration, repetition, elapsed time, parallel efficiency),
// linked to the run's own page where the site keeps one; a hung run is a row marked as such.
#pragma once

#include "analysis/experiment.hpp"
#include "pages/templates.hpp"
#include "pages/verdict_data.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace tally::pages {

/// What a commit page needs to know about the site around it.
struct CommitPageContext {
  const analysis::history::CommitAxis& axis;
  const std::vector<analysis::Experiment>& experiments;
  std::string branch;
  std::size_t run_page_commits = 0; ///< see has_run_page()
  const BranchVerdicts& verdicts;   ///< each commit's gate verdict against its parent
};

/// Whether a run gets a page of its own: only those of the newest `run_page_commits` commits of the
/// axis do; older runs are rows of their commit's page, so the site grows with commits, not runs.
bool has_run_page(const analysis::history::CommitAxis& axis, const model::RunDocument& document,
                  std::size_t run_page_commits);

/// Data of the page of the commit at `position` on the axis.
TemplateData commit_page_data(const CommitPageContext& context, std::size_t position);

} // namespace tally::pages
