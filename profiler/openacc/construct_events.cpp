// SPDX-License-Identifier: BSD-3-Clause
// OpenACC events to offload time and counts, the way the CUDA backend turns runtime calls into
// offload time and the MPI backend MPI calls into MPI time: the thread's state machine and its
// running counts, so that every region open on the thread gets them by snapshot difference.
#include "openacc/construct_events.hpp"

#include "core/offload_state.hpp"

#include "tally/model/region_counts.hpp"

#include <atomic>

namespace tally::profiler::openacc {
namespace {

std::atomic<bool> seen{false};

} // namespace

void on_start(std::optional<std::size_t> construct, bool on_host) noexcept {
  ThreadState& thread = this_thread();
  // Events nest (a compute construct reports its implicit data movement and its launches inside
  // it): only the outermost is a construct of its own.
  if (!enter_offload(thread) || !construct || *construct >= model::openacc_construct_kinds.size()) return;
  thread.add_count(model::count_slot::openacc_constructs + *construct, 1);
  if (on_host) thread.add_count(model::count_slot::openacc_constructs_on_host, 1);
  // Read first: after the first construct no thread writes the shared line again.
  if (!seen.load(std::memory_order_relaxed)) seen.store(true, std::memory_order_relaxed);
}

void on_end() noexcept { leave_offload(); }

void on_enqueue(std::size_t kind) noexcept {
  if (kind < model::openacc_enqueue_kinds.size())
    this_thread().add_count(model::count_slot::openacc_enqueues + kind, 1);
}

bool constructs_seen() noexcept { return seen.load(std::memory_order_relaxed); }

} // namespace tally::profiler::openacc
