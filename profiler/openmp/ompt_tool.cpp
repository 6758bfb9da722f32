// SPDX-License-Identifier: BSD-3-Clause
// The OMPT tool inside libtally.so: the runtime finds ompt_start_tool, initialize registers the
// callbacks, and each callback is one transition of the calling thread's state machine (plus the
// team bookkeeping of omp_team.cpp). At exit: one warning when OpenMP ran without OMPT.
#include "core/backend.hpp"
#include "core/process.hpp"
#include "core/warnings.hpp"
#include "openmp/omp_classifier.hpp"
#include "openmp/omp_team.hpp"

#include <atomic>
#include <dlfcn.h>
#include <omp-tools.h>

namespace tally::profiler::openmp {

extern const Backend backend;

namespace {

std::atomic<bool> initialized{false};

/// The calling thread's OpenMP state machine; a worker's is made by its thread_begin.
/// initial-exec TLS: the library is preloaded, access is one instruction.
thread_local OmpThreadStateMachine* machine __attribute__((tls_model("initial-exec"))) = nullptr;

OmpThreadStateMachine& this_machine() {
  // Threads the runtime did not announce (none in libomp) behave as workers.
  if (!machine) machine = new OmpThreadStateMachine(false); // once per thread, never freed
  return *machine;
}

void apply(OmpEvent event) { this_thread().switch_to(this_machine().on(event)); }

// Handlers, in the order a run meets them. Each is O(1): no allocation after a thread's first.

void on_thread_begin(ompt_thread_t type, ompt_data_t*) {
  ThreadState& thread = this_thread();
  machine = new OmpThreadStateMachine(type == ompt_thread_initial); // the thread's first event
  if (type == ompt_thread_initial) {
    register_master(thread);
    // From now on the master's regions cover the workers (add_workers).
    activate_backend(backend);
  }
  if (type == ompt_thread_worker) register_worker(thread);
}

void on_parallel_begin(ompt_data_t*, const ompt_frame_t*, ompt_data_t*, unsigned int, int, const void*) {
  OmpThreadStateMachine& m = this_machine();
  const bool outermost = m.master() && !m.in_parallel();
  this_thread().switch_to(m.on(OmpEvent::parallel_begin));
  this_thread().add_count(model::count_slot::omp_parallels, 1);
  if (outermost) on_master_fork(this_thread());
}

void on_parallel_end(ompt_data_t*, ompt_data_t*, int, const void*) {
  OmpThreadStateMachine& m = this_machine();
  this_thread().switch_to(m.on(OmpEvent::parallel_end));
  if (m.master() && !m.in_parallel()) on_master_join(this_thread());
}

void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t*, ompt_data_t*, unsigned int, unsigned int,
                      int flags) {
  if (flags & ompt_task_initial) return; // the initial task spans the whole program
  apply(endpoint == ompt_scope_begin ? OmpEvent::implicit_task_begin : OmpEvent::implicit_task_end);
}

void on_sync_region(ompt_sync_region_t, ompt_scope_endpoint_t endpoint, ompt_data_t*, ompt_data_t*, const void*) {
  apply(endpoint == ompt_scope_begin ? OmpEvent::sync_begin : OmpEvent::sync_end);
}

void on_sync_region_wait(ompt_sync_region_t, ompt_scope_endpoint_t endpoint, ompt_data_t*, ompt_data_t*, const void*) {
  OmpThreadStateMachine& m = this_machine();
  if (endpoint == ompt_scope_begin) {
    this_thread().switch_to(m.on(OmpEvent::wait_begin));
    return;
  }
  const State next = m.on(OmpEvent::wait_end);
  // A worker's wait at the end of a region is reported when the next region forks: the part
  // after the region ended is idle time (serialization or MPI), not imbalance.
  if (m.master()) {
    this_thread().switch_to(next);
  } else {
    end_worker_wait(this_thread(), next);
  }
}

// Explicit tasks are marked at creation so that scheduling can tell them from implicit tasks.
constexpr std::uint64_t explicit_task_mark = 0x7a11;

void on_task_create(ompt_data_t*, const ompt_frame_t*, ompt_data_t* task, int flags, int, const void*) {
  if (!(flags & ompt_task_explicit)) return;
  if (task) task->value = explicit_task_mark;
  // Counted on the creating thread; the master's regions add the workers' counts (omp_team.cpp).
  this_thread().add_count(model::count_slot::omp_tasks, 1);
}

void on_task_schedule(ompt_data_t* prior, ompt_task_status_t status, ompt_data_t* next) {
  const bool prior_explicit = prior && prior->value == explicit_task_mark;
  const bool next_explicit = next && next->value == explicit_task_mark;
  // One switch per event: the end of the prior task then the start of the next collapse into
  // the state the next task runs in.
  if (next_explicit && status != ompt_task_complete && !prior_explicit) {
    apply(OmpEvent::explicit_task_begin);
  } else if (next_explicit) {
    this_machine().on(OmpEvent::explicit_task_end);
    apply(OmpEvent::explicit_task_begin);
  } else if (prior_explicit) {
    apply(OmpEvent::explicit_task_end);
  }
}

template <class Callback> void set(ompt_set_callback_t set_callback, ompt_callbacks_t event, Callback callback) {
  set_callback(event, reinterpret_cast<ompt_callback_t>(callback));
}

int on_initialize(ompt_function_lookup_t lookup, int, ompt_data_t*) {
  auto set_callback = reinterpret_cast<ompt_set_callback_t>(lookup("ompt_set_callback"));
  if (!set_callback) return 0;
  set(set_callback, ompt_callback_thread_begin, on_thread_begin);
  set(set_callback, ompt_callback_parallel_begin, on_parallel_begin);
  set(set_callback, ompt_callback_parallel_end, on_parallel_end);
  set(set_callback, ompt_callback_implicit_task, on_implicit_task);
  set(set_callback, ompt_callback_sync_region, on_sync_region);
  set(set_callback, ompt_callback_sync_region_wait, on_sync_region_wait);
  set(set_callback, ompt_callback_task_create, on_task_create);
  set(set_callback, ompt_callback_task_schedule, on_task_schedule);
  initialized.store(true, std::memory_order_release);
  return 1; // non-zero: the tool stays active
}

void on_finalize(ompt_data_t*) {}

void on_exit() {
  if (initialized.load(std::memory_order_acquire)) return;
  // libgomp has no OMPT: GOMP_ entry points without libomp's own (__kmpc_) mean OpenMP ran unseen.
  if (dlsym(RTLD_DEFAULT, "GOMP_parallel") && !dlsym(RTLD_DEFAULT, "__kmpc_fork_call")) {
    warn_once(Warning::openmp_without_ompt,
              "the program uses OpenMP through a runtime without OMPT (GCC's libgomp); OpenMP metrics are absent. "
              "Preload LLVM's libomp (LD_PRELOAD=/path/to/libomp.so:libtally.so) or build with clang -fopenmp");
  }
}

} // namespace

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{.name = "openmp",
                             .on_region_snapshot = add_workers,
                             .on_run_end = on_run_end,
                             .on_exit = on_exit,
                             .on_region_query = on_region_query};

} // namespace tally::profiler::openmp

extern "C" ompt_start_tool_result_t* ompt_start_tool(unsigned int, const char*) {
  using namespace tally::profiler;
  // Processes that are not measured (launchers, children of a measured process) decline.
  if (process().phase == Phase::off) return nullptr;
  static ompt_start_tool_result_t result{openmp::on_initialize, openmp::on_finalize, {0}};
  return &result;
}
