// SPDX-License-Identifier: BSD-3-Clause
// The helper thread: a std::thread waiting on a condition variable with a timeout, so that the
// end of the run wakes it at once instead of after its sleep.
#include "core/helper_thread.hpp"

#include "core/clock.hpp"

#include <condition_variable>
#include <csignal>
#include <mutex>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace tally::profiler {
namespace {

struct Helper {
  std::mutex mutex;
  std::condition_variable wake;
  bool stopping = false;
  std::thread* thread = nullptr; ///< running, or forgotten by a forked child (never destroyed there)
  pid_t owner = 0;               ///< the process that started it: a forked child has no such thread
};

Helper& helper() {
  static auto* instance = new Helper(); // never destroyed: a forked child must not join or destroy it
  return *instance;
}

void run_tasks(std::span<const HelperTask> tasks) {
  Helper& h = helper();
  std::unique_lock lock(h.mutex);
  while (!h.wake.wait_for(lock, helper_period, [&] { return h.stopping; })) {
    lock.unlock();
    const std::uint64_t now = clock_ticks();
    for (const HelperTask task : tasks)
      task(now);
    lock.lock();
  }
}

} // namespace

void start_helper_thread(std::span<const HelperTask> tasks) {
  Helper& h = helper();
  if (h.thread && h.owner == getpid()) return;
  h.stopping = false;
  // The new thread inherits the creating thread's signal mask: block everything around its
  // creation, then give the creator its own mask back.
  sigset_t all;
  sigset_t before;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &before);
  h.thread = new std::thread(run_tasks, tasks);
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  h.owner = getpid();
}

void stop_helper_thread() {
  Helper& h = helper();
  if (!h.thread) return;
  if (h.owner != getpid()) {
    // A forked child: the thread is the parent's. Leak its handle rather than join a stranger.
    h.thread = nullptr;
    return;
  }
  {
    const std::lock_guard lock(h.mutex);
    h.stopping = true;
  }
  h.wake.notify_one();
  h.thread->join();
  delete h.thread;
  h.thread = nullptr;
}

} // namespace tally::profiler
