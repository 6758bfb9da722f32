// SPDX-License-Identifier: BSD-3-Clause
// A fork while another thread reads the thread registry (as the helper thread does every 100 ms)
// leaves the child a registry it can use: a thread of the child registers without deadlock.
#include "core/thread_state.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tally::profiler {
namespace {

TEST(ThreadRegistry, a_child_forked_while_another_thread_reads_the_registry_can_register_threads) {
#if defined(__SANITIZE_ADDRESS__)
  // GCC 12's libasan has no fork interceptor and no atfork handler: a child forked while the
  // reader is inside ASan's malloc or free inherits a size class's region mutex locked
  // (SizeClassAllocator64::GetFromAllocator), and its new thread waits on it forever, in ASan's
  // thread start-up (pthread_getattr_np -> free -> quarantine) or, with the quarantine off, in
  // this_thread()'s push_back after it took the registry's lock (docs/reliability.md).
  GTEST_SKIP() << "ASan's allocator is not fork-safe while another thread allocates";
#endif
  this_thread();
  std::atomic<bool> reading{true};
  // Reads the registry back to back, so that most forks happen while it holds the registry's lock.
  std::thread reader([&] {
    while (reading)
      static_cast<void>(all_threads());
  });
  int deadlocked = 0;
  for (int child_number = 0; child_number < 50; ++child_number) {
    const pid_t child = fork();
    if (child == 0) {
      alarm(10); // a deadlocked child dies of SIGALRM instead of hanging the test
      std::thread registering([] { this_thread(); });
      registering.join();
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++deadlocked;
  }
  reading = false;
  reader.join();
  EXPECT_EQ(deadlocked, 0);
}

} // namespace
} // namespace tally::profiler
