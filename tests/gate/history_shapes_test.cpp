// SPDX-License-Identifier: BSD-3-Clause
// Generated history shapes (bench/history_shapes.hpp: regions and configurations of ranks, threads
// and CPU frequencies that come and go, ragged repetitions, hung runs, older schema versions,
// duplicated run ids, renamed experiments) through the gate as `tally gate` runs it, its reports and
// the site (bench/shape_check.hpp): never a crash or an exception, the commits always selected, every
// region of the candidate accounted for. Each failure names its seed; TALLY_SHAPE_SEED=S replays one,
// TALLY_SHAPES=N runs N. And the configurations of threads and frequencies the shapes draw run as
// their model says.
#include "shape_check.hpp"

#include "history_shapes.hpp"

#include "analysis/region_metrics.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace tally::bench {
namespace {

/// The shapes run by default: seconds in a normal build, about a minute under the sanitizers.
constexpr std::uint64_t default_shapes = 300;
/// Every this many shapes also builds the site (it writes every page: the slow part).
constexpr std::uint64_t site_every = 5;

void expect_taken(std::uint64_t seed) {
  const std::filesystem::path site =
      seed % site_every == 0 ? std::filesystem::temp_directory_path() / ("tally_shapes_" + std::to_string(::getpid()))
                             : std::filesystem::path{};
  const ShapeCheck check = check_shape(seed, TALLY_TEST_TEMPLATES, site);
  for (const std::string& problem : check.problems)
    ADD_FAILURE() << check.shape << "\n  " << problem;
}

/// The median over `runs` at `ranks` ranks, `threads` threads and `khz` of Global's `field`.
double global_median(const analysis::ingest::RunSet& runs, std::uint64_t ranks, std::uint64_t threads,
                     std::uint64_t khz, std::uint64_t model::RegionRaw::*field) {
  std::vector<double> values;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const model::Resources& resources = run.document.resources;
    if (resources.ranks != ranks || resources.threads_per_rank != threads ||
        resources.cpu_frequency_khz.value_or(0) != khz)
      continue;
    values.push_back(static_cast<double>(run.document.regions.front().raw.*field));
  }
  return values.empty() ? 0.0 : analysis::median(values);
}

TEST(HistoryShapes, configurations_of_threads_and_frequencies_run_as_their_model_says_and_leave_the_rest) {
  HistoryOptions plain;
  plain.length = {2, 5};
  HistoryOptions extra = plain;
  extra.extra_configurations = {{4, 1, 2, 0}, {4, 1, 1, 1'600'000}};
  const RealisticHistory without = realistic_history(5, false, plain);
  const RealisticHistory with = realistic_history(5, false, extra);
  // The four configurations' runs come first and are those of the history without the others.
  ASSERT_EQ(with.runs.runs.size(), without.runs.runs.size() * 3 / 2);
  for (std::size_t i = 0; i < without.runs.runs.size(); ++i)
    EXPECT_EQ(with.runs.runs[i].document, without.runs.runs[i].document) << i;
  std::set<std::string> ids;
  for (const analysis::ingest::LoadedRun& run : with.runs.runs)
    ids.insert(run.document.run.id);
  EXPECT_EQ(ids.size(), with.runs.runs.size());
  // Two threads share a rank's work plus 2% (useful time summed over them), each idle besides in
  // OpenMP: 1% scheduling, 2% serialization, 2% to 10% load imbalance; the rank's elapsed time is
  // their sum over 2, its MPI time (not shared) unchanged: Global's elapsed time a little over half.
  const auto useful = &model::RegionRaw::useful_ns;
  const auto elapsed = &model::RegionRaw::elapsed_ns;
  EXPECT_NEAR(global_median(with.runs, 4, 2, 0, useful) / global_median(with.runs, 4, 1, 0, useful), 1.02, 0.02);
  const double half = global_median(with.runs, 4, 2, 0, elapsed) / global_median(with.runs, 4, 1, 0, elapsed);
  EXPECT_GT(half, 0.5 * 1.02 * 1.05);
  EXPECT_LT(half, 0.5 * 1.02 * 1.15 + 0.05);
  // At 1.6 GHz against the nominal 2.4: compute time (2.4 / 1.6)^0.8 = 1.383 times as long.
  EXPECT_NEAR(global_median(with.runs, 4, 1, 1'600'000, useful) / global_median(with.runs, 4, 1, 0, useful), 1.383,
              0.02);
  for (const analysis::ingest::LoadedRun& run : with.runs.runs) {
    const model::RegionRaw& raw = run.document.regions.front().raw;
    EXPECT_EQ(raw.threads_per_process, run.document.resources.threads_per_rank);
    EXPECT_EQ(raw.openmp.has_value(), run.document.resources.threads_per_rank > 1);
  }
}

TEST(HistoryShapes, the_gate_and_the_site_take_every_generated_shape) {
  if (const char* replay = std::getenv("TALLY_SHAPE_SEED"); replay && *replay) {
    expect_taken(std::strtoull(replay, nullptr, 10));
    return;
  }
  const char* count = std::getenv("TALLY_SHAPES");
  const std::uint64_t shapes = count && *count ? std::strtoull(count, nullptr, 10) : default_shapes;
  for (std::uint64_t seed = 0; seed < shapes; ++seed)
    expect_taken(seed);
}

} // namespace
} // namespace tally::bench
