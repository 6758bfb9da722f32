// SPDX-License-Identifier: BSD-3-Clause
// The one resource label: every count named, GPUs and the CPU frequency only when there are some, a
// readable file name.
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

TEST(ResourceLabel, adds_the_cpu_frequency_in_gigahertz_only_when_there_is_one) {
  // 2,400,000 kHz = 2.4 GHz; 2,000,000 kHz = 2 GHz (no trailing zeros); 1,850,000 kHz = 1.85 GHz.
  EXPECT_EQ(resource_label(Resources{1, 4, 2, 0, {}, 2'400'000}), "1 node · 4 ranks × 2 threads · 2.4 GHz");
  EXPECT_EQ(resource_label(Resources{2, 8, 1, 1, {}, 2'000'000}), "2 nodes · 8 ranks × 1 thread · 1 GPU · 2 GHz");
  EXPECT_EQ(resource_label(Resources{1, 1, 1, 0, {}, 1'850'000}), "1 node · 1 rank × 1 thread · 1.85 GHz");
  // 800 MHz in GHz too, so that the labels of one study line up; 1 kHz keeps its six decimals.
  EXPECT_EQ(resource_label(Resources{1, 1, 1, 0, {}, 800'000}), "1 node · 1 rank × 1 thread · 0.8 GHz");
  EXPECT_EQ(resource_label(Resources{1, 1, 1, 0, {}, 2'400'001}), "1 node · 1 rank × 1 thread · 2.400001 GHz");
  EXPECT_EQ(resource_label(Resources{1, 1, 1, 0, {}, std::nullopt}), "1 node · 1 rank × 1 thread");
}

TEST(ResourceLabel, unknown_counts_read_as_one) {
  EXPECT_EQ(resource_label(Resources{0, 0, 0, 0, {}}), "1 node · 1 rank × 1 thread");
}

TEST(ResourceLabel, becomes_a_readable_file_name_part) {
  EXPECT_EQ(file_name_part(resource_label(Resources{2, 8, 4, 1, {}}), "run"), "2-nodes-8-ranks-4-threads-1-GPU");
  EXPECT_EQ(file_name_part(resource_label(Resources{1, 2, 1, 0, {}, 2'400'000}), "run"),
            "1-node-2-ranks-1-thread-2.4-GHz");
  EXPECT_EQ(file_name_part("a  b/../c", "run"), "a-b-..-c");
  EXPECT_EQ(file_name_part("", "run"), "run");
}

} // namespace
} // namespace tally::model
