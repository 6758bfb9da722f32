// SPDX-License-Identifier: BSD-3-Clause
// The helper thread: its tasks run periodically on a thread of its own that blocks every signal,
// it stops promptly, and a forked child neither joins nor crashes on the parent's thread.
#include "core/helper_thread.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <pthread.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tally::profiler {
namespace {

std::atomic<int> rounds{0};
std::atomic<bool> blocks_every_signal{false};
std::atomic<bool> on_another_thread{false};
pthread_t test_thread;

void record_round(std::uint64_t) {
  sigset_t mask;
  pthread_sigmask(SIG_SETMASK, nullptr, &mask);
  blocks_every_signal = sigismember(&mask, SIGINT) == 1 && sigismember(&mask, SIGTERM) == 1 &&
                        sigismember(&mask, SIGUSR1) == 1 && sigismember(&mask, SIGALRM) == 1;
  on_another_thread = pthread_equal(pthread_self(), test_thread) == 0;
  ++rounds;
}

constexpr std::array<HelperTask, 1> tasks{record_round};

TEST(HelperThread, runs_its_tasks_periodically_on_a_thread_that_blocks_every_signal) {
  test_thread = pthread_self();
  rounds = 0;
  sigset_t before;
  pthread_sigmask(SIG_SETMASK, nullptr, &before);
  start_helper_thread(tasks);
  // The starting thread keeps its own mask.
  sigset_t after;
  pthread_sigmask(SIG_SETMASK, nullptr, &after);
  EXPECT_EQ(sigismember(&after, SIGINT), sigismember(&before, SIGINT));
  // 100 ms period: within 10 s at least 3 rounds, however loaded the machine (no timing asserted).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (rounds < 3 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  stop_helper_thread();
  EXPECT_GE(rounds.load(), 3);
  EXPECT_TRUE(blocks_every_signal);
  EXPECT_TRUE(on_another_thread);
  // Stopped means stopped: no round after stop returned.
  const int stopped_at = rounds;
  std::this_thread::sleep_for(3 * helper_period);
  EXPECT_EQ(rounds.load(), stopped_at);
}

TEST(HelperThread, a_forked_child_forgets_the_parents_thread) {
  start_helper_thread(tasks);
  const pid_t child = fork();
  if (child == 0) {
    stop_helper_thread(); // must neither join nor crash: the thread is not the child's
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const int before = rounds;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (rounds == before && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_GT(rounds.load(), before); // the parent's thread still runs
  stop_helper_thread();
}

} // namespace
} // namespace tally::profiler
