// SPDX-License-Identifier: BSD-3-Clause
// Runs that differ only in the CPU frequency they were asked for, on the site: two columns of the
// scaling table, each frequency scaling against its own fewest resources, and two points of the
// time–energy chart, each named by its frequency.
#include "run_factory.hpp"
#include "site_html.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using testing::count_of;
using testing::index_html;
using testing::region_html;
using testing::row;

constexpr std::uint64_t ms = 1'000'000;
const model::NodePowerProfile profile{.node_idle_watts = 200, .core_useful_watts = 10, .core_waiting_watts = 4};

/// One commit: 1 rank asked for 2 GHz (2 s) and for 2.4 GHz (1.5 s), 1 s useful each; 2 ranks at
/// 2 GHz (1.2 s) and at 2.4 GHz (0.9 s), 1.1 s useful over the ranks.
analysis::ingest::RunSet two_frequencies() {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1, .cpu_frequency_khz = 2'000'000}, 2000 * ms, 1000 * ms));
  runs.runs.push_back(make_run({.ranks = 1, .cpu_frequency_khz = 2'400'000}, 1500 * ms, 1000 * ms));
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'000'000}, 1200 * ms, 1100 * ms));
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'400'000}, 900 * ms, 1100 * ms));
  return runs;
}

TEST(FrequencySite, TheScalingTableHasAColumnPerFrequencyEachAgainstItsOwnFewestResources) {
  const std::string html = region_html(two_frequencies(), nullptr);
  // Resources first, then frequency.
  const std::size_t slow_one = html.find("<th>1 node · 1 rank × 1 thread · 2 GHz<br>");
  const std::size_t fast_one = html.find("<th>1 node · 1 rank × 1 thread · 2.4 GHz<br>");
  const std::size_t slow_two = html.find("<th>1 node · 2 ranks × 1 thread · 2 GHz<br>");
  const std::size_t fast_two = html.find("<th>1 node · 2 ranks × 1 thread · 2.4 GHz<br>");
  ASSERT_NE(fast_two, std::string::npos) << html;
  EXPECT_LT(slow_one, fast_one);
  EXPECT_LT(fast_one, slow_two);
  EXPECT_LT(slow_two, fast_two);
  // Speedup: 1 rank at each frequency is its own reference (1.00 twice, where one reference would
  // make 2.4 GHz 2 / 1.5 = 1.33); 2 ranks 2 / 1.2 = 1.67 at 2 GHz and 1.5 / 0.9 = 1.67 at 2.4 GHz.
  const std::string speedup = row(html, "Speedup");
  EXPECT_EQ(count_of(speedup, ">1.00</td>"), 2u) << speedup;
  EXPECT_EQ(count_of(speedup, ">1.67</td>"), 2u) << speedup;
  EXPECT_EQ(speedup.find("1.33"), std::string::npos) << speedup;
}

TEST(FrequencySite, TheTimeEnergyChartHasAPointPerFrequency) {
  const std::string html = index_html(two_frequencies(), &profile);
  // Model: 1 node × T × 200 W + useful × 10 W + (ranks × T − useful) × 4 W.
  // 1 rank at 2 GHz: 400 + 10 + 4 = 414 J; at 2.4 GHz: 300 + 10 + 2 = 312 J.
  EXPECT_NE(html.find("<title>1 node · 1 rank × 1 thread · 2 GHz: 2 s, 414 J</title>"), std::string::npos) << html;
  EXPECT_NE(html.find("<title>1 node · 1 rank × 1 thread · 2.4 GHz: 1.5 s, 312 J</title>"), std::string::npos);
  // 2 ranks at 2 GHz: 240 + 11 + 1.3 × 4 = 256.2 J; at 2.4 GHz: 180 + 11 + 0.7 × 4 = 193.8 J, the
  // fastest and the least energy: the front alone.
  EXPECT_NE(html.find("<title>1 node · 2 ranks × 1 thread · 2 GHz: 1.2 s, 256.2 J</title>"), std::string::npos);
  EXPECT_NE(html.find("<title>1 node · 2 ranks × 1 thread · 2.4 GHz: 0.9 s, 193.8 J, on the front</title>"),
            std::string::npos);
}

} // namespace
} // namespace tally::pages
