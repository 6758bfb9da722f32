// SPDX-License-Identifier: BSD-3-Clause
// The MPI state of a thread (mpi_state.hpp): what every generated wrapper calls. Counts go to the
// thread's running totals (ThreadState::add_count), which regions take by snapshot difference.
#include "mpi/mpi_state.hpp"

#include "core/thread_state.hpp"
#include "mpi_call_ids.hpp"

#include "mpi/pmpi_weak.hpp"

namespace tally::profiler::mpi {
namespace {

/// MPI calls nested inside MPI (e.g. MPI-IO implementations calling MPI) count once.
thread_local int depth __attribute__((tls_model("initial-exec"))) = 0;
thread_local State state_before_mpi __attribute__((tls_model("initial-exec"))) = State::useful;

constexpr std::size_t payload_slot(Payload payload) {
  switch (payload) {
  case Payload::sent: return model::count_slot::mpi_bytes_sent;
  case Payload::received: return model::count_slot::mpi_bytes_received;
  case Payload::collective: return model::count_slot::mpi_collective_bytes;
  }
  return model::count_slot::mpi_collective_bytes;
}

} // namespace

void enter(CallId call) noexcept {
  if (depth++ > 0) return;
  ThreadState& thread = this_thread();
  state_before_mpi = thread.current();
  thread.name_call(&calls[call].name);
  thread.switch_to(State::mpi);
  thread.add_count(model::count_slot::mpi_calls, 1);
  thread.add_count(model::count_slot::mpi_calls_by_kind + static_cast<std::size_t>(calls[call].kind), 1);
}

void leave(CallId) noexcept {
  if (--depth > 0) return;
  this_thread().switch_to(state_before_mpi);
}

void add_payload(Payload payload, MPI_Count count, MPI_Datatype datatype) noexcept {
  // The datatype is the caller's: a null one would raise an MPI error in PMPI_Type_size.
  if (depth != 1 || count <= 0 || datatype == MPI_DATATYPE_NULL) return;
  int size = 0;
  if (PMPI_Type_size(datatype, &size) != MPI_SUCCESS || size <= 0) return;
  this_thread().add_count(payload_slot(payload), static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(size));
}

void add_fortran_payload(Payload payload, const void* count, const void* datatype) noexcept {
  if (depth != 1 || !count || !datatype) return;
  add_payload(payload, *static_cast<const MPI_Fint*>(count), PMPI_Type_f2c(*static_cast<const MPI_Fint*>(datatype)));
}

} // namespace tally::profiler::mpi
