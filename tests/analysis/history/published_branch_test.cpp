// SPDX-License-Identifier: BSD-3-Clause
// The branch `tally pages` publishes when none is named.
#include "analysis/history/published_branch.hpp"

#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <initializer_list>

namespace tally::analysis::history {
namespace {

/// One run per branch named; "" is a run whose document has no source at all.
ingest::RunSet runs_on(std::initializer_list<const char*> branches) {
  ingest::RunSet out;
  for (const std::string branch : branches) {
    ingest::LoadedRun run = testing::make_run({}, 100, 100);
    if (branch.empty())
      run.document.source.reset();
    else
      run.document.source->branch = branch;
    out.runs.push_back(std::move(run));
  }
  return out;
}

TEST(PublishedBranch, the_branch_most_runs_name) {
  EXPECT_EQ(most_named_branch(runs_on({"main", "feature", "feature", "", ""})), "feature");
}

TEST(PublishedBranch, a_tie_goes_to_the_first_by_name) {
  EXPECT_EQ(most_named_branch(runs_on({"zeta", "alpha", "zeta", "alpha"})), "alpha");
}

TEST(PublishedBranch, runs_naming_no_branch_publish_local) {
  EXPECT_EQ(most_named_branch(runs_on({"", ""})), "local");
  EXPECT_EQ(most_named_branch(ingest::RunSet{}), "local");
}

} // namespace
} // namespace tally::analysis::history
