// SPDX-License-Identifier: BSD-3-Clause
// Exact counts in the gate: any change is a finding (unless a rule gives a tolerance), reported as
// a change that fails nothing unless a rule gives the count a direction, read per visit when the
// visits agree, whatever the noise of the times, and put under the innermost region of the tree
// that explains it. Times carry seeded noise; counts are set by hand.
#include "gate/compare.hpp"
#include "gate/findings.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace tally::gate {
namespace {

using testing::gate_run;
using testing::GateRunShape;
using testing::Noise;

const CommitSelection selection{{"cand"}, {"base"}};
constexpr std::size_t collective = 3; // index of "collective" in model::mpi_call_kinds

/// What one iteration of the program does in `halo`: collectives and bytes per visit.
struct HaloTraffic {
  std::uint64_t collectives = 2;
  std::uint64_t bytes_sent = 4096;
  std::uint64_t visits = 4; ///< gate_run's region: one visit per rank at 4 ranks
};

model::MpiRaw mpi_of(const HaloTraffic& traffic) {
  model::MpiRaw mpi;
  mpi.calls = traffic.collectives * traffic.visits;
  mpi.calls_max = traffic.collectives;
  mpi.calls_by_kind = model::MpiRaw::ByKind{};
  (*mpi.calls_by_kind)[collective] = mpi.calls;
  mpi.bytes_sent = traffic.bytes_sent * traffic.visits;
  return mpi;
}

/// A rule that makes every MPI count a regression when it grows.
GateConfig fewer_calls_are_better() {
  GateConfig config;
  RuleOverride calls;
  calls.metrics = "mpi_*";
  calls.direction = Direction::lower_is_better;
  config.rules.push_back(calls);
  return config;
}

/// A run with Global > step > halo: every MPI call is made in halo, so the three regions count
/// the same; their times come from one noisy GateRunShape.
analysis::ingest::LoadedRun tree_run(const std::string& commit, const HaloTraffic& traffic, Noise& noise) {
  analysis::ingest::LoadedRun run = gate_run(noise.apply(GateRunShape{commit, "Global"}));
  model::Region global = run.document.regions.front();
  global.raw.mpi = mpi_of(traffic);
  model::Region step = global, halo = global;
  step.name = "step";
  step.parent = "Global";
  halo.name = "halo";
  halo.parent = "step";
  halo.visits = traffic.visits;
  run.document.regions = {global, step, halo};
  return run;
}

GateResult compare(const HaloTraffic& before, const HaloTraffic& after, const GateConfig& config = {},
                   std::uint64_t seed = 11) {
  Noise noise(seed);
  analysis::ingest::RunSet runs;
  for (int repetition = 0; repetition < 5; ++repetition) {
    runs.runs.push_back(tree_run("base", before, noise));
    runs.runs.push_back(tree_run("cand", after, noise));
  }
  return compare_runs(runs, selection, config, "cand", "2026-01-01");
}

TEST(Counts, one_more_collective_per_visit_is_a_change_of_the_innermost_region_with_no_time_change_and_passes) {
  const GateResult result = compare({}, {.collectives = 3});
  EXPECT_EQ(result.overall, Verdict::changed);
  EXPECT_EQ(exit_code_of(result), 0);
  // mpi_calls, mpi_calls_collective and mpi_calls_max changed in each of the three regions.
  EXPECT_EQ(result.count_changes.size(), 9u);
  std::vector<Finding> counts = find_count_causes(result);
  ASSERT_EQ(counts.size(), 1u);
  EXPECT_EQ(counts[0].region, "halo");
  EXPECT_EQ(counts[0].verdict, Verdict::changed);
  EXPECT_EQ(counts[0].explained_regions, (std::vector<std::string>{"step", "Global"}));
  // 2 collectives per visit before, 3 after, at 4 visits on each side.
  EXPECT_NE(counts[0].summary.find("mpi_calls_collective 2 \u2192 3 per visit (+1)"), std::string::npos)
      << counts[0].summary;
  // The most calls of one process, per visit of one process: one visit per rank.
  EXPECT_NE(counts[0].summary.find("mpi_calls_max 2 \u2192 3 per visit (+1)"), std::string::npos) << counts[0].summary;
  EXPECT_NE(counts[0].summary.find("with no time change"), std::string::npos) << counts[0].summary;
  EXPECT_NE(counts[0].summary.find("explains step, Global"), std::string::npos) << counts[0].summary;
  // The finding decides the commit's verdict: nothing else moved.
  ASSERT_TRUE(result.deciding);
  EXPECT_EQ(result.findings[*result.deciding].region, "halo");
}

TEST(Counts, a_rule_with_a_direction_makes_a_grown_count_a_regression_that_fails) {
  const GateResult result = compare({}, {.collectives = 3}, fewer_calls_are_better());
  EXPECT_EQ(result.overall, Verdict::regression);
  EXPECT_EQ(exit_code_of(result), 1);
  for (const CountChange& change : result.count_changes)
    EXPECT_EQ(change.verdict, Verdict::regression) << change.region << " " << change.count;
}

TEST(Counts, equal_counts_give_no_finding_whatever_the_noise_of_the_times) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GateResult result = compare({}, {}, {}, seed);
    EXPECT_TRUE(result.count_changes.empty()) << "seed " << seed;
    EXPECT_TRUE(find_count_causes(result).empty()) << "seed " << seed;
  }
}

TEST(Counts, fewer_bytes_are_an_improvement_where_a_rule_says_fewer_is_better) {
  EXPECT_EQ(compare({}, {.bytes_sent = 2048}).count_changes.front().verdict, Verdict::changed);
  const GateResult result = compare({}, {.bytes_sent = 2048}, fewer_calls_are_better());
  EXPECT_EQ(result.overall, Verdict::improvement);
  ASSERT_EQ(result.count_changes.size(), 3u); // mpi_bytes_sent of Global, step, halo
  for (const CountChange& change : result.count_changes) {
    EXPECT_EQ(change.count, "mpi_bytes_sent");
    EXPECT_EQ(change.verdict, Verdict::improvement);
    EXPECT_EQ(change.baseline, 4096u * 4u);
    EXPECT_EQ(change.candidate, 2048u * 4u);
  }
}

TEST(Counts, a_rule_tolerance_lets_a_small_change_pass_and_a_larger_one_fail) {
  GateConfig config;
  RuleOverride bytes;
  bytes.metrics = "mpi_bytes_*";
  bytes.tolerance_percent = 10.0;
  config.rules.push_back(bytes);
  // +5% of 4096 bytes per visit is within 10%; +20% is not.
  EXPECT_TRUE(compare({}, {.bytes_sent = 4300}, config).count_changes.empty());
  EXPECT_EQ(compare({}, {.bytes_sent = 4916}, config).count_changes.size(), 3u);
}

TEST(Counts, an_ignored_count_is_not_compared) {
  GateConfig config;
  RuleOverride calls;
  calls.metrics = "mpi_calls*";
  calls.direction = Direction::ignored;
  config.rules.push_back(calls);
  EXPECT_TRUE(compare({}, {.collectives = 3}, config).count_changes.empty());
}

TEST(Counts, different_visits_are_reported_as_totals) {
  // 4 visits of 2 collectives before (8), 5 visits of 2 after (10): the count per visit is the
  // same, the total is not.
  const GateResult result = compare({}, {.visits = 5});
  const auto halo = std::find_if(result.count_changes.begin(), result.count_changes.end(), [](const CountChange& c) {
    return c.region == "halo" && c.count == "mpi_calls_collective";
  });
  ASSERT_NE(halo, result.count_changes.end());
  EXPECT_FALSE(halo->per_visit());
  EXPECT_EQ(describe(*halo), "mpi_calls_collective 8 \u2192 10 (visits 4 \u2192 5)");
}

TEST(Counts, a_waiver_acknowledges_a_count_regression) {
  GateConfig config = fewer_calls_are_better();
  config.waivers.push_back(
      {.region = "*", .metric = "mpi_*", .commit = "", .reason = "new residual check", .expires = "2026-12-31"});
  const GateResult result = compare({}, {.collectives = 3}, config);
  ASSERT_FALSE(result.count_changes.empty());
  for (const CountChange& change : result.count_changes)
    EXPECT_EQ(change.verdict, Verdict::waived) << change.region << " " << change.count;
}

/// A CUDA program without MPI, Global > step > halo: every runtime call is made in halo, per
/// visit `launches` kernel launches and one 1 MiB copy host to device, 4 visits.
analysis::ingest::LoadedRun cuda_run(const std::string& commit, std::uint64_t launches, Noise& noise) {
  const HaloTraffic shape;
  analysis::ingest::LoadedRun run = tree_run(commit, shape, noise);
  static_assert(model::device_copy_directions[0] == "host_to_device");
  for (model::Region& region : run.document.regions) {
    region.raw.mpi.reset();
    model::LaunchesAndCopies work{.kernel_launches = launches * shape.visits, .kernel_launches_max = launches};
    work.copies[0] = shape.visits;
    work.copy_bytes[0] = shape.visits << 20;
    region.raw.device_counts = model::DeviceCountsRaw{(launches + 1) * shape.visits, work};
  }
  return run;
}

GateResult compare_cuda(std::uint64_t launches_before, std::uint64_t launches_after) {
  Noise noise(5);
  analysis::ingest::RunSet runs;
  for (int repetition = 0; repetition < 5; ++repetition) {
    runs.runs.push_back(cuda_run("base", launches_before, noise));
    runs.runs.push_back(cuda_run("cand", launches_after, noise));
  }
  return compare_runs(runs, selection, {}, "cand", "2026-01-01");
}

TEST(Counts, one_more_kernel_launch_per_visit_is_a_change_of_a_cuda_program) {
  EXPECT_TRUE(compare_cuda(2, 2).count_changes.empty());
  const GateResult result = compare_cuda(2, 3);
  EXPECT_EQ(result.overall, Verdict::changed);
  // device_runtime_calls, device_kernel_launches and device_kernel_launches_max changed in each of
  // the three regions; the copies did not.
  EXPECT_EQ(result.count_changes.size(), 9u);
  for (const CountChange& change : result.count_changes)
    EXPECT_EQ(change.count.rfind("device_", 0), 0u) << change.count;
  std::vector<Finding> counts = find_count_causes(result);
  ASSERT_EQ(counts.size(), 1u);
  EXPECT_EQ(counts[0].region, "halo");
  // 2 launches per visit before, 3 after, at 4 visits on each side.
  EXPECT_NE(counts[0].summary.find("device_kernel_launches 2 \u2192 3 per visit (+1)"), std::string::npos)
      << counts[0].summary;
}

TEST(Counts, a_change_of_one_call_in_millions_shows_every_digit) {
  CountChange change;
  change.count = "mpi_calls";
  change.baseline = 2'463'834; // 2 ranks, 1 visit each: 1,231,917 calls per visit
  change.candidate = 2'463'836;
  change.baseline_visits = change.candidate_visits = 2;
  change.configuration.ranks = 2;
  EXPECT_EQ(describe(change), "mpi_calls 1231917 \u2192 1231918 per visit (+1)");
  // The most calls of one process is one process's: 1,231,917 at its one visit, not half of it.
  change.count = "mpi_calls_max";
  change.baseline = 1'231'917;
  change.candidate = 1'231'918;
  EXPECT_EQ(describe(change), "mpi_calls_max 1231917 \u2192 1231918 per visit (+1)");
  // Three processes of 2 visits each, one call more in one visit of six: +1/6 per visit.
  change.count = "mpi_calls";
  change.baseline = 60;
  change.candidate = 61;
  change.baseline_visits = change.candidate_visits = 6;
  EXPECT_EQ(describe(change), "mpi_calls 10 \u2192 10.17 per visit (+0.17)");
}

} // namespace
} // namespace tally::gate
