// SPDX-License-Identifier: BSD-3-Clause
// The timeline chart's paths for hand-built timelines, in whole pixels computed by hand from the
// plot's edges (TimelinePlot: x 40 to 640, y 110 at 0% to 10 at 100%).
#include "pages/timeline_chart.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

namespace tally::pages {
namespace {

using ::testing::ElementsAre;

std::vector<std::string> state_paths(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex path("<path class=\"state\" d=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), path); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

TEST(TimelineChart, three_buckets_stack_their_shares_in_whole_pixels) {
  // Buckets of 1 s: useful 75%, 50%, 100% of each bucket's time, MPI the rest; no offload or
  // OpenMP time, so those states get no path and no legend entry.
  const model::Timeline timeline{1'000'000'000,
                                 {300'000'000, 100'000'000, 200'000'000},
                                 {100'000'000, 100'000'000, 0},
                                 {0, 0, 0},
                                 {0, 0, 0},
                                 model::Behaviour::stable,
                                 {}};
  const std::string svg = render_timeline_chart(timeline);
  // 3 s on a nice axis of step 1 s: 600 units / 3 s = 200 per bucket.
  // MPI, drawn first, tops every bucket at 100%: y 10 across, down to 110, back to x 40.
  // Useful tops at 75% (y 35), 50% (y 60), 100% (y 10).
  EXPECT_THAT(state_paths(svg), ElementsAre("m40 10h600v100h-600", "m40 35h200v25h200v-50h200v100h-600"));
  EXPECT_NE(svg.find(">useful</text>"), std::string::npos);
  EXPECT_NE(svg.find(">MPI</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">offload</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">OpenMP</text>"), std::string::npos);
  for (const char* label : {">0 s<", ">1 s<", ">2 s<", ">3 s<", ">0%<", ">100%<"})
    EXPECT_NE(svg.find(label), std::string::npos) << label;
}

TEST(TimelineChart, a_bucket_without_time_is_blank) {
  // Two buckets of 1 s; the second holds no time. 2 s on an axis of step 0.5 s: 300 units a bucket.
  const model::Timeline timeline{1'000'000'000, {100, 0}, {100, 0}, {0, 0}, {0, 0}, std::nullopt, {}};
  EXPECT_THAT(state_paths(render_timeline_chart(timeline)),
              ElementsAre("m40 10h300v100h300h-600", "m40 60h300v50h300h-600"));
}

TEST(TimelineChart, a_timeline_without_buckets_draws_nothing) {
  EXPECT_EQ(render_timeline_chart(model::Timeline{100'000'000, {}, {}, {}, {}, std::nullopt, {}}), "");
}

} // namespace
} // namespace tally::pages
