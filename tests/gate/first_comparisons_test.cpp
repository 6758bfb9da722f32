// SPDX-License-Identifier: BSD-3-Clause
// A project's first comparisons on a shared runner, where each commit's runs are one job: the
// repetitions of a job agree, the jobs do not. Shaped as the LAMMPS LJ melt of
// bench/gate_lammps.sh measured (Global alone at 1 and 2 ranks, 4 repetitions a commit, the
// repetitions of a job within about 2% while the jobs' medians moved by up to 9%).
#include "gate/compare.hpp"
#include "gate/decision.hpp"
#include "gate/reports.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tally::gate {
namespace {

using model::MetricId;
using testing::gate_run;
using testing::GateRunShape;

/// Each identical commit's job speed (its runs' time factor): the second job ran 8.8% slow.
const std::vector<double> job_speeds{1.000, 1.088, 0.970, 1.050, 1.020};
/// The repetitions inside one job: 1.9% from the slowest to the fastest.
const std::vector<double> repetition_factors{0.991, 0.998, 1.003, 1.010};

std::string commit_of(std::size_t index) { return "c" + std::to_string(index + 1); }

/// The runs of commit `index` (0-based): Global at 1 and 2 ranks, each repetition its job's speed
/// times its own factor; at 2 ranks the load balance `balance` (0.95: even, as the identical commits).
void add_job(analysis::ingest::RunSet& runs, std::size_t index, double speed, double balance) {
  for (const double repetition : repetition_factors) {
    for (const std::uint64_t ranks : {1u, 2u}) {
      GateRunShape shape{commit_of(index), "Global", ranks, 1e9 / static_cast<double>(ranks) * speed * repetition};
      if (ranks == 2) shape.load_balance = balance;
      runs.runs.push_back(gate_run(shape));
    }
  }
}

analysis::ingest::RunSet identical_commits() {
  analysis::ingest::RunSet runs;
  for (std::size_t index = 0; index < job_speeds.size(); ++index)
    add_job(runs, index, job_speeds[index], 0.95);
  return runs;
}

/// The commit at `candidate` against the one before it, every earlier commit its history.
GateResult compare_at(const analysis::ingest::RunSet& runs, std::size_t candidate) {
  CommitSelection selection{{commit_of(candidate)}, {commit_of(candidate - 1)}};
  for (std::size_t earlier = candidate - 1; earlier-- > 0;)
    selection.history.push_back({commit_of(earlier)});
  return compare_runs(runs, selection, GateConfig{}, commit_of(candidate), "2026-01-10");
}

TEST(FirstComparisons, identical_commits_whose_jobs_differ_are_never_red) {
  const analysis::ingest::RunSet runs = identical_commits();
  // The first comparison: the second job 8.8% slower at both scales against repetitions that spread
  // 1.9%, far beyond them (z in the tens), but one job a side of a program of one region: nothing
  // tells the job's state from the code, so the move is inconclusive and an A/B study settles it.
  const GateResult first = compare_at(runs, 1);
  EXPECT_EQ(first.overall, Verdict::inconclusive);
  EXPECT_NE(confirmation_of(first, false), Confirmation::none);
  const auto elapsed = std::find_if(first.checks.begin(), first.checks.end(), [](const Check& check) {
    return check.metric == MetricId::elapsed_ns && check.configuration.ranks == 1;
  });
  ASSERT_NE(elapsed, first.checks.end());
  EXPECT_NEAR(elapsed->result.change, 8.8, 1e-6);
  EXPECT_TRUE(elapsed->result.kept);
  EXPECT_TRUE(elapsed->job_state_untold);
  // The second: 10.8% faster, still one job a side beside a history of one job (no medians' spread).
  EXPECT_NE(compare_at(runs, 2).overall, Verdict::regression);
  // The third and fourth: three and four jobs, whose medians spread about 6%, are the noise; the
  // candidates (+3.0% and −1.9% against the level of the jobs before) lie well within it.
  for (const std::size_t candidate : {3u, 4u}) {
    const GateResult along = compare_at(runs, candidate);
    EXPECT_EQ(along.overall, Verdict::pass) << candidate << ": " << deciding_text(along);
  }
}

TEST(FirstComparisons, an_uneven_split_against_a_history_of_jobs_fails_naming_load_balance) {
  // After the five identical commits, a candidate whose 2-rank runs split the work unevenly: load
  // balance 0.95 → 0.75, every job before at 0.95 exactly. The history's jobs tell their states
  // (its medians' part), and the move is far beyond them: a regression, whose finding names the
  // load balance.
  analysis::ingest::RunSet runs = identical_commits();
  add_job(runs, job_speeds.size(), 1.0, 0.75);
  const GateResult uneven = compare_at(runs, job_speeds.size());
  EXPECT_EQ(uneven.overall, Verdict::regression) << deciding_text(uneven);
  ASSERT_TRUE(uneven.deciding);
  EXPECT_NE(uneven.findings[*uneven.deciding].summary.find("load balance"), std::string::npos)
      << uneven.findings[*uneven.deciding].summary;
  EXPECT_EQ(exit_code_of(uneven), 1);
}

} // namespace
} // namespace tally::gate
