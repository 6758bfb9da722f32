// SPDX-License-Identifier: BSD-3-Clause
// One depth of device-runtime time per thread, whichever backend enters it: an entry inside
// another (a CUDA call inside an OpenACC construct) neither switches again nor ends the outer one;
// inside MPI the time stays MPI time; an exit without its entry changes nothing.
#include "core/offload_state.hpp"

#include <gtest/gtest.h>

namespace tally::profiler {
namespace {

TEST(OffloadState, an_entry_inside_another_is_part_of_it) {
  ThreadState& thread = this_thread();
  thread.switch_to(State::useful);
  EXPECT_TRUE(enter_offload(thread));
  EXPECT_EQ(thread.current(), State::offload);
  EXPECT_FALSE(enter_offload(thread)) << "inside the outer entry";
  leave_offload();
  EXPECT_EQ(thread.current(), State::offload) << "the outer entry still runs";
  leave_offload();
  EXPECT_EQ(thread.current(), State::useful);
}

TEST(OffloadState, inside_mpi_it_stays_mpi_time_and_an_exit_without_entry_changes_nothing) {
  ThreadState& thread = this_thread();
  thread.switch_to(State::mpi);
  EXPECT_TRUE(enter_offload(thread));
  EXPECT_EQ(thread.current(), State::mpi);
  leave_offload();
  EXPECT_EQ(thread.current(), State::mpi);
  thread.switch_to(State::useful);
  leave_offload();
  EXPECT_EQ(thread.current(), State::useful);
}

} // namespace
} // namespace tally::profiler
