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
#include <unordered_set>
#include <vector>

namespace tally::pages {

/// The runs that have a page of their own (runs_with_pages()).
using RunPages = std::unordered_set<const analysis::ingest::LoadedRun*>;

/// What a commit page needs to know about the site around it.
struct CommitPageContext {
  const analysis::history::CommitAxis& axis;
  const std::vector<analysis::Experiment>& experiments;
  std::string branch;
  const RunPages& run_pages;      ///< the runs that have a page of their own
  const BranchVerdicts& verdicts; ///< each commit's gate verdict against its parent
};

/// The runs that get a page of their own: of each configuration at each of the newest
/// `run_page_commits` commits of the axis, the median repetition by the elapsed time of the
/// experiment's first region (Global when the runs have it), and every hung run there. The other
/// runs are rows of their commit's page, so the site grows with commits × configurations, not with
/// runs or repetitions.
RunPages runs_with_pages(const std::vector<analysis::Experiment>& experiments,
                         const analysis::history::CommitAxis& axis, std::size_t run_page_commits);

/// Data of the page of the commit at `position` on the axis.
TemplateData commit_page_data(const CommitPageContext& context, std::size_t position);

} // namespace tally::pages
