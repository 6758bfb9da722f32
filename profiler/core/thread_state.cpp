// SPDX-License-Identifier: BSD-3-Clause
// Creation and registry of per-thread states. Thread states are never freed: the end-of-run
// summary reads the states of threads that have already exited.
#include "core/thread_state.hpp"

#include "core/backend.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <pthread.h>
#include <sched.h>

namespace tally::profiler {
namespace {

std::mutex registry_mutex;

/// peek(): tries spent spinning before yielding, and how long it yields before it gives up.
constexpr int peek_spins = 1000;
constexpr std::chrono::milliseconds peek_patience{100};

// The helper thread reads the registry every 100 ms: a fork in that moment must not leave the
// child a mutex locked by a thread it does not have. Held across fork, released on both sides.
void lock_registry_for_fork() { registry_mutex.lock(); }
void unlock_registry_after_fork() { registry_mutex.unlock(); }

std::vector<ThreadState*>& registry() {
  static auto* threads = [] {
    pthread_atfork(lock_registry_for_fork, unlock_registry_after_fork, unlock_registry_after_fork);
    return new std::vector<ThreadState*>(); // never destroyed: read at exit
  }();
  return *threads;
}

ThreadState* create_thread_state() {
  auto* state = new ThreadState();
  // Before the state is registered, so that no other thread sees it half made.
  notify_thread_start(*state);
  const std::lock_guard lock(registry_mutex);
  registry().push_back(state);
  return state;
}

} // namespace

Totals ThreadState::peek(std::uint64_t now, Segment* running) noexcept {
  Totals copy;
  State state = State::useful;
  // A reader retries while the owner writes: spinning first, then yielding (the owner may have
  // been preempted mid-write on a loaded machine, for a scheduler's slice or several). Bounded in
  // time, not in tries: an owner stopped mid-write by a signal handler that never returns cannot
  // hold the reader forever, and a busy machine's slices outlast any count of quick yields.
  std::chrono::steady_clock::time_point give_up{};
  for (int attempt = 0;; ++attempt) {
    if (attempt >= peek_spins) {
      const auto wall = std::chrono::steady_clock::now();
      if (attempt == peek_spins)
        give_up = wall + peek_patience;
      else if (wall > give_up)
        break;
      sched_yield();
    }
    const std::uint32_t before = sequence_.load(std::memory_order_acquire);
    copy.now = std::atomic_ref(totals_.now).load(std::memory_order_relaxed);
    for (std::size_t i = 0; i < state_count; ++i)
      copy.ticks[i] = std::atomic_ref(totals_.ticks[i]).load(std::memory_order_relaxed);
    copy.useful_instructions = std::atomic_ref(totals_.useful_instructions).load(std::memory_order_relaxed);
    copy.useful_cycles = std::atomic_ref(totals_.useful_cycles).load(std::memory_order_relaxed);
    for (std::size_t i = 0; i < copy.counts.size(); ++i)
      copy.counts[i] = std::atomic_ref(totals_.counts[i]).load(std::memory_order_relaxed);
    state = std::atomic_ref(current_).load(std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_acquire);
    if ((before & 1u) == 0 && sequence_.load(std::memory_order_relaxed) == before) break;
  }
  // A retired thread has no running segment: it is empty, at `now`.
  std::uint64_t since = now;
  if (!retired_.load(std::memory_order_acquire) && now > copy.now) {
    since = copy.now;
    copy.ticks[static_cast<std::size_t>(state)] += now - copy.now;
    copy.now = now;
  }
  if (running) *running = Segment{state, since};
  return copy;
}

/// Retires the thread's state when the thread exits (the state itself stays for the summary).
struct ThreadExit {
  ThreadState* state = nullptr;
  ~ThreadExit() {
    if (state) state->retire();
  }
};

ThreadState& this_thread() noexcept {
  // initial-exec: the library is preloaded, so its TLS is static and access is one instruction.
  static thread_local ThreadState* state __attribute__((tls_model("initial-exec"))) = nullptr;
  if (!state) {
    state = create_thread_state();
    static thread_local ThreadExit exit_hook;
    exit_hook.state = state;
  }
  return *state;
}

std::vector<ThreadState*> all_threads() {
  const std::lock_guard lock(registry_mutex);
  return registry();
}

void visit_threads(void (*visit)(ThreadState& state, void* context), void* context) {
  const std::lock_guard lock(registry_mutex);
  for (ThreadState* state : registry())
    visit(*state, context);
}

} // namespace tally::profiler
