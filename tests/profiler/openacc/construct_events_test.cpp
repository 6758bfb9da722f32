// SPDX-License-Identifier: BSD-3-Clause
// construct_events.hpp driven as the runtime's callbacks drive it, on the test's own thread: the
// outermost construct switches to offload time and back, nested events neither count as
// constructs nor switch again, enqueues count wherever they come, a construct inside MPI counts
// and stays MPI time (the depth itself: tests/profiler/core/offload_state_test.cpp).
#include "core/thread_state.hpp"
#include "openacc/construct_events.hpp"

#include "tally/model/region_counts.hpp"

#include <gtest/gtest.h>

namespace tally::profiler::openacc {
namespace {

namespace slot = model::count_slot;
constexpr std::size_t compute = 0, enter_data = 1, exit_data = 2, update = 3, wait = 4;
constexpr std::size_t launch = 0, upload = 1, download = 2;

/// What the thread counted between `before` and now, slot by slot.
struct Added {
  model::Counts before = this_thread().snapshot().counts;
  std::uint64_t operator()(std::size_t counted) { return this_thread().snapshot().counts[counted] - before[counted]; }
};

TEST(ConstructEvents, a_compute_construct_with_its_implicit_data_and_launch_is_one_construct_of_offload_time) {
  static_assert(model::openacc_construct_kinds[compute] == "compute" &&
                model::openacc_enqueue_kinds[launch] == "launch");
  ThreadState& thread = this_thread();
  thread.switch_to(State::useful);
  Added added;
  // As a runtime with a device reports it: the construct, inside it its data movement (an enter
  // data with an upload), its launch, then the exit data with a download.
  on_start(compute, false);
  EXPECT_EQ(thread.current(), State::offload);
  on_start(enter_data, false);
  on_enqueue(upload);
  on_start(std::nullopt, false);
  on_end();
  on_end();
  on_enqueue(launch);
  on_start(std::nullopt, false);
  on_end();
  on_start(exit_data, false);
  on_enqueue(download);
  on_start(std::nullopt, false);
  on_end();
  on_end();
  EXPECT_EQ(thread.current(), State::offload) << "still inside the compute construct";
  on_end();
  EXPECT_EQ(thread.current(), State::useful);
  EXPECT_EQ(added(slot::openacc_constructs + compute), 1u);
  EXPECT_EQ(added(slot::openacc_constructs + enter_data), 0u) << "nested: part of the compute construct";
  EXPECT_EQ(added(slot::openacc_constructs + exit_data), 0u);
  EXPECT_EQ(added(slot::openacc_constructs_on_host), 0u);
  EXPECT_EQ(added(slot::openacc_enqueues + launch), 1u);
  EXPECT_EQ(added(slot::openacc_enqueues + upload), 1u);
  EXPECT_EQ(added(slot::openacc_enqueues + download), 1u);
  EXPECT_TRUE(constructs_seen());
}

TEST(ConstructEvents, constructs_run_on_the_host_count_by_kind_and_as_run_on_the_host) {
  ThreadState& thread = this_thread();
  thread.switch_to(State::useful);
  Added added;
  // By construction: 2 compute constructs, an enter and an exit data, 3 updates, a wait, all on
  // the host; and the device's initialisation, which is time in the runtime but no construct.
  on_start(std::nullopt, false);
  on_end();
  for (const std::size_t kind : {compute, compute, enter_data, exit_data, update, update, update, wait}) {
    on_start(kind, true);
    EXPECT_EQ(thread.current(), State::offload);
    on_end();
    EXPECT_EQ(thread.current(), State::useful);
  }
  EXPECT_EQ(added(slot::openacc_constructs + compute), 2u);
  EXPECT_EQ(added(slot::openacc_constructs + enter_data), 1u);
  EXPECT_EQ(added(slot::openacc_constructs + exit_data), 1u);
  EXPECT_EQ(added(slot::openacc_constructs + update), 3u);
  EXPECT_EQ(added(slot::openacc_constructs + wait), 1u);
  EXPECT_EQ(added(slot::openacc_constructs_on_host), 8u);
}

TEST(ConstructEvents, a_construct_inside_mpi_counts_and_stays_mpi_time) {
  ThreadState& thread = this_thread();
  thread.switch_to(State::mpi);
  Added added;
  on_start(update, true);
  EXPECT_EQ(thread.current(), State::mpi);
  on_end();
  EXPECT_EQ(thread.current(), State::mpi);
  thread.switch_to(State::useful);
  EXPECT_EQ(added(slot::openacc_constructs + update), 1u);
  EXPECT_EQ(added(slot::openacc_constructs_on_host), 1u);
}

} // namespace
} // namespace tally::profiler::openacc
