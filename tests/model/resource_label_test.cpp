// SPDX-License-Identifier: BSD-3-Clause
// The one resource label: every count named, GPUs only when there are some, a readable file name.
#include "tally/model/file_names.hpp"
#include "tally/model/resource_label.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(ResourceLabel, names_nodes_ranks_and_threads_even_when_one) {
  EXPECT_EQ(resource_label(Resources{1, 1, 1, 0, {}}), "1 node · 1 rank × 1 thread");
  EXPECT_EQ(resource_label(Resources{1, 4, 2, 0, {}}), "1 node · 4 ranks × 2 threads");
}

TEST(ResourceLabel, adds_gpus_only_when_there_are_some) {
  EXPECT_EQ(resource_label(Resources{2, 8, 4, 1, {}}), "2 nodes · 8 ranks × 4 threads · 1 GPU");
  EXPECT_EQ(resource_label(Resources{1, 2, 1, 2, {"a"}}), "1 node · 2 ranks × 1 thread · 2 GPUs");
}

TEST(ResourceLabel, unknown_counts_read_as_one) {
  EXPECT_EQ(resource_label(Resources{0, 0, 0, 0, {}}), "1 node · 1 rank × 1 thread");
}

TEST(ResourceLabel, becomes_a_readable_file_name_part) {
  EXPECT_EQ(file_name_part(resource_label(Resources{2, 8, 4, 1, {}}), "run"), "2-nodes-8-ranks-4-threads-1-GPU");
  EXPECT_EQ(file_name_part("a  b/../c", "run"), "a-b-..-c");
  EXPECT_EQ(file_name_part("", "run"), "run");
}

} // namespace
} // namespace tally::model
