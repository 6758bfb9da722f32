// SPDX-License-Identifier: BSD-3-Clause
// OpenMP event -> state rules and the split of a worker's late-reported wait.
#include "openmp/omp_classifier.hpp"

#include <gtest/gtest.h>

namespace tally::profiler::openmp {
namespace {

using enum OmpEvent;

TEST(OmpThreadStateMachine, master_forks_works_waits_and_joins_back_to_serial_code) {
  OmpThreadStateMachine master(true);
  EXPECT_EQ(master.on(parallel_begin), State::omp_scheduling);
  EXPECT_TRUE(master.in_parallel());
  EXPECT_EQ(master.on(implicit_task_begin), State::useful);
  EXPECT_EQ(master.on(sync_begin), State::omp_scheduling);
  EXPECT_EQ(master.on(wait_begin), State::omp_load_imbalance);
  EXPECT_EQ(master.on(wait_end), State::omp_scheduling);
  EXPECT_EQ(master.on(sync_end), State::useful);
  EXPECT_EQ(master.on(implicit_task_end), State::omp_scheduling);
  EXPECT_EQ(master.on(parallel_end), State::useful);
  EXPECT_FALSE(master.in_parallel());
}

TEST(OmpThreadStateMachine, worker_idles_in_serialization_between_parallel_regions) {
  OmpThreadStateMachine worker(false);
  EXPECT_EQ(worker.on(implicit_task_begin), State::useful);
  EXPECT_EQ(worker.on(sync_begin), State::omp_scheduling);
  EXPECT_EQ(worker.on(wait_begin), State::omp_load_imbalance);
  // libomp reports the rest at the next fork.
  EXPECT_EQ(worker.on(wait_end), State::omp_scheduling);
  EXPECT_EQ(worker.on(sync_end), State::useful);
  EXPECT_EQ(worker.on(implicit_task_end), State::omp_serialization);
  EXPECT_FALSE(worker.in_parallel());
  EXPECT_EQ(worker.on(implicit_task_begin), State::useful);
}

TEST(OmpThreadStateMachine, nested_region_returns_the_encountering_worker_to_its_outer_task) {
  OmpThreadStateMachine worker(false);
  worker.on(implicit_task_begin);
  EXPECT_EQ(worker.on(parallel_begin), State::omp_scheduling);
  EXPECT_EQ(worker.on(implicit_task_begin), State::useful);
  EXPECT_EQ(worker.on(implicit_task_end), State::omp_scheduling);
  EXPECT_EQ(worker.on(parallel_end), State::useful);
  EXPECT_TRUE(worker.in_parallel());
}

TEST(OmpThreadStateMachine, explicit_tasks_run_inside_a_barrier_and_return_to_waiting) {
  OmpThreadStateMachine worker(false);
  worker.on(implicit_task_begin);
  worker.on(sync_begin);
  EXPECT_EQ(worker.on(wait_begin), State::omp_load_imbalance);
  EXPECT_EQ(worker.on(explicit_task_begin), State::useful);
  EXPECT_EQ(worker.on(explicit_task_end), State::omp_load_imbalance);
  EXPECT_EQ(worker.on(wait_end), State::omp_scheduling);
  EXPECT_EQ(worker.on(explicit_task_begin), State::useful);
  EXPECT_EQ(worker.on(explicit_task_end), State::useful);
}

TEST(OmpThreadStateMachine, unmatched_ends_never_go_negative) {
  OmpThreadStateMachine master(true);
  EXPECT_EQ(master.on(parallel_end), State::useful);
  EXPECT_EQ(master.on(implicit_task_end), State::useful);
  EXPECT_EQ(master.on(wait_end), State::omp_scheduling);
  EXPECT_EQ(master.on(explicit_task_end), State::useful);
  EXPECT_FALSE(master.in_parallel());
}

TEST(SplitIdle, wait_across_the_region_end_is_imbalance_then_mpi_then_serialization) {
  // Waits from 100, the region ends at 130, the worker hears it at 200; master in MPI 50 ticks.
  const IdleSplit split = split_idle(100, 200, 130, 50);
  EXPECT_EQ(split.load_imbalance, 30u);
  EXPECT_EQ(split.mpi, 50u);
  EXPECT_EQ(split.serialization, 20u);
}

TEST(SplitIdle, master_mpi_never_exceeds_the_idle_time) {
  const IdleSplit split = split_idle(100, 200, 130, 500);
  EXPECT_EQ(split.load_imbalance + split.mpi + split.serialization, 100u);
  EXPECT_EQ(split.serialization, 0u);
}

TEST(SplitIdle, wait_inside_a_running_region_is_all_imbalance) {
  EXPECT_EQ(split_idle(100, 200, 50, 10).load_imbalance, 100u);  // region ended before the wait
  EXPECT_EQ(split_idle(100, 200, 0, 10).load_imbalance, 100u);   // no region ended yet
  EXPECT_EQ(split_idle(100, 200, 200, 10).load_imbalance, 100u); // ends as the wait ends
  EXPECT_EQ(split_idle(200, 100, 150, 10).load_imbalance, 0u);   // clock went backwards: nothing
}

} // namespace
} // namespace tally::profiler::openmp
