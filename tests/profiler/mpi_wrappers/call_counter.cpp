// SPDX-License-Identifier: BSD-3-Clause
// Test stand-in for the profiler's MPI state: enter/leave of mpi/mpi_state.hpp count the outermost
// enter/leave pairs per call id, and add_payload the bytes per payload, so the link tests can check
// what the generated wrappers reported.
#include "call_counter.h"

#include "mpi/mpi_state.hpp"
#include "mpi_call_ids.hpp"

#include <array>
#include <atomic>
#include <cstddef>
#include <string_view>

namespace {

namespace mpi = tally::profiler::mpi;

std::array<std::atomic<long>, mpi::call_count> completed{};
std::atomic<long> unbalanced{0};
std::array<std::atomic<long>, 3> payload_bytes{}; // by mpi::Payload
// Like the real state, a call made from inside another MPI call counts once: only the outermost
// enter opens a call, and only its leave closes it.
thread_local int depth = 0;
thread_local mpi::CallId open_call = 0;

} // namespace

namespace tally::profiler::mpi {

void enter(CallId call) noexcept {
  if (depth++ == 0) open_call = call;
}

void leave(CallId call) noexcept {
  if (depth == 0) {
    ++unbalanced; // a leave without an enter
    return;
  }
  if (--depth > 0) return; // the end of a nested call
  if (call == open_call) {
    ++completed[call];
  } else {
    ++unbalanced;
  }
}

void add_payload(Payload payload, MPI_Count count, MPI_Datatype datatype) noexcept {
  // Like the real state, only the outermost call's payload counts (MPICH's Fortran bindings call
  // the C wrapper from inside the Fortran one).
  if (depth != 1) return;
  int size = 0;
  MPI_Type_size(datatype, &size);
  payload_bytes[static_cast<std::size_t>(payload)] += static_cast<long>(count) * size;
}

void add_fortran_payload(Payload payload, const void* count, const void* datatype) noexcept {
  add_payload(payload, *static_cast<const MPI_Fint*>(count), MPI_Type_f2c(*static_cast<const MPI_Fint*>(datatype)));
}

} // namespace tally::profiler::mpi

long tally_test_payload_bytes(int payload) {
  return payload >= 0 && payload < 3 ? payload_bytes[static_cast<std::size_t>(payload)].load() : -1;
}

long tally_test_calls(const char* name) {
  for (std::size_t id = 0; id < mpi::call_count; ++id) {
    if (mpi::calls[id].name == name) return completed[id];
  }
  return -1;
}

long tally_test_total_calls() {
  long total = 0;
  for (const auto& count : completed)
    total += count;
  return total;
}

long tally_test_unbalanced() { return unbalanced; }
