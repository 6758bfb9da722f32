// SPDX-License-Identifier: BSD-3-Clause
// The parent rule of the region tree (region_tree.hpp): the most time wins, the others are listed
// by decreasing time, and the result does not depend on the order the times come in.
#include "tally/model/region_tree.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tally::model {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(RegionTree, parent_is_where_the_region_spent_the_most_time_and_the_others_follow_by_time) {
  // halo ran 30 ns under step, 50 under solve, 20 under Global: solve, then step, then Global.
  const RegionParents parents = choose_parent({{"step", 30}, {"solve", 50}, {"Global", 20}});
  EXPECT_EQ(parents.parent, "solve");
  EXPECT_THAT(parents.others, ElementsAre("step", "Global"));
}

TEST(RegionTree, times_under_one_parent_add_up_across_threads_and_ranks) {
  // step: 30 + 30 = 60 beats solve's 50, which one entry alone would not.
  const RegionParents parents = choose_parent({{"step", 30}, {"solve", 50}, {"step", 30}});
  EXPECT_EQ(parents.parent, "step");
  EXPECT_THAT(parents.others, ElementsAre("solve"));
}

TEST(RegionTree, equal_times_go_to_the_name_that_sorts_first_in_any_order) {
  const RegionParents forward = choose_parent({{"b", 10}, {"a", 10}, {"c", 5}});
  const RegionParents backward = choose_parent({{"c", 5}, {"a", 10}, {"b", 10}});
  EXPECT_EQ(forward.parent, "a");
  EXPECT_THAT(forward.others, ElementsAre("b", "c"));
  EXPECT_EQ(backward.parent, forward.parent);
  EXPECT_EQ(backward.others, forward.others);
}

TEST(RegionTree, a_single_parent_lists_no_others_and_no_time_gives_no_parent) {
  const RegionParents single = choose_parent({{"Global", 7}});
  EXPECT_EQ(single.parent, "Global");
  EXPECT_THAT(single.others, IsEmpty());
  EXPECT_FALSE(choose_parent({}).parent.has_value());
}

} // namespace
} // namespace tally::model
