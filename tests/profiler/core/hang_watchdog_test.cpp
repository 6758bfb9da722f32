// SPDX-License-Identifier: BSD-3-Clause
// The hang watchdog in one process, driven with the clock ticks the test chooses: the line once
// per wait, the hung document of the run so far, its replacement by the completed document, and
// no watchdog in a forked child. Its own executable: a process runs one run only.
#include "core/clock.hpp"
#include "core/hang_watchdog.hpp"
#include "core/helper_thread.hpp"
#include "core/host_probe.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"

#include "tally.h"
#include "tally/model/document_io.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tally::profiler {
namespace {

namespace fs = std::filesystem;

const std::string_view receive_name = "MPI_Recv";

std::uint64_t seconds_in_ticks(double seconds) {
  return static_cast<std::uint64_t>(seconds * 1e9 / nanoseconds_per_tick());
}

std::vector<fs::path> documents(const fs::path& folder) {
  std::vector<fs::path> out;
  if (fs::is_directory(folder)) {
    for (const auto& entry : fs::directory_iterator(folder))
      out.push_back(entry.path());
  }
  return out;
}

model::RunDocument read(const fs::path& path) {
  const model::ReadResult result = model::load_run_document(path);
  if (const auto* problems = std::get_if<model::Problems>(&result)) {
    ADD_FAILURE() << model::to_string(problems->front());
    return {};
  }
  return std::get<model::RunDocument>(result);
}

const model::Region* find(const model::RunDocument& document, const std::string& name) {
  for (const model::Region& region : document.regions) {
    if (region.name == name) return &region;
  }
  return nullptr;
}

class HangWatchdog : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    char folder[] = "/tmp/tally-hang-XXXXXX";
    output = mkdtemp(folder);
    setenv("TALLY_OUTPUT", (output / "runs").c_str(), 1);
    unsetenv("TALLY_MEASURED_PARENT"); // as in a program that no measured process started
    unsetenv("TALLY_HANG_TIMEOUT");    // no helper thread: the tests call the task themselves
    load_process({});
    process().options.hang_timeout = std::chrono::seconds{1};
  }
  static void TearDownTestSuite() { fs::remove_all(output); }
  static inline fs::path output;
};

TEST_F(HangWatchdog, names_a_wait_in_mpi_once_and_writes_the_run_so_far_which_the_completed_run_replaces) {
  const tally_region_t step = tally_region_register("step");
  const tally_region_t exchange = tally_region_register("exchange");
  tally_region_start(step);
  tally_region_start(exchange);
  ThreadState& main = this_thread();
  main.name_call(&receive_name);
  main.switch_to(State::mpi);
  const std::uint64_t entered = clock_ticks();

  testing::internal::CaptureStderr();
  watch_for_hang(entered + seconds_in_ticks(0.5)); // under the timeout of 1 s: nothing
  watch_for_hang(entered + seconds_in_ticks(2.0)); // 2 s in MPI_Recv: named
  watch_for_hang(entered + seconds_in_ticks(3.0)); // the same wait: not again
  const std::string first_wait = testing::internal::GetCapturedStderr();
  EXPECT_EQ(first_wait,
            "tally: rank 0 (" + host_name() + ") hangs: 2 s in MPI_Recv in region exchange (step > exchange)\n");

  const std::vector<fs::path> hung = documents(output / "runs");
  ASSERT_EQ(hung.size(), 1u);
  const model::RunDocument document = read(hung[0]);
  EXPECT_EQ(document.run.outcome, model::RunOutcome::hung);
  ASSERT_TRUE(document.run.hang);
  EXPECT_EQ(document.run.hang->rank, 0u);
  EXPECT_EQ(document.run.hang->host, host_name());
  EXPECT_EQ(document.run.hang->call, "MPI_Recv");
  EXPECT_EQ(document.run.hang->regions, (std::vector<std::string>{"step", "exchange"}));
  // Written at the first wake-up past the timeout, 2 s after the call began (plus the few
  // microseconds between the switch and the test's clock read).
  EXPECT_GE(document.run.hang->waited_ns, 2'000'000'000u);
  EXPECT_LT(document.run.hang->waited_ns, 2'500'000'000u);
  // The open regions up to that wake-up: one visit each, nested as opened, exchange's 2 s in MPI.
  const model::Region* global = find(document, "Global");
  const model::Region* inner = find(document, "exchange");
  ASSERT_TRUE(global && inner && find(document, "step"));
  EXPECT_EQ(global->visits, 1u);
  EXPECT_EQ(find(document, "step")->parent, "Global");
  EXPECT_EQ(inner->parent, "step");
  EXPECT_GE(inner->raw.mpi_ns, 2'000'000'000u);

  // The thread returns from the call and enters another that hangs: a new wait, named again.
  main.switch_to(State::useful);
  main.switch_to(State::mpi);
  const std::uint64_t second = clock_ticks();
  testing::internal::CaptureStderr();
  watch_for_hang(second + seconds_in_ticks(1.5));
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "tally: rank 0 (" + host_name() + ") hangs: 1 s in MPI_Recv in region exchange (step > exchange)\n");

  // The program goes on and the run completes: its document replaces the hung one.
  main.switch_to(State::useful);
  tally_region_stop(exchange);
  tally_region_stop(step);
  write_single_process_run();
  const std::vector<fs::path> completed = documents(output / "runs");
  ASSERT_EQ(completed.size(), 1u);
  EXPECT_EQ(completed[0], hung[0]);
  const model::RunDocument final_document = read(completed[0]);
  EXPECT_EQ(final_document.run.outcome, model::RunOutcome::completed);
  EXPECT_FALSE(final_document.run.hang);
  ASSERT_TRUE(find(final_document, "exchange"));
  EXPECT_EQ(find(final_document, "exchange")->visits, 1u);
}

TEST(HangLine, says_when_no_region_is_open) {
  const model::Hang hang{3, "node07", "offload", {}, 600'400'000'000};
  EXPECT_EQ(hang_line(hang), "rank 3 (node07) hangs: 600 s in offload in no region");
}

constexpr std::array<HelperTask, 1> watchdog{watch_for_hang};

TEST_F(HangWatchdog, a_forked_child_runs_no_watchdog_while_its_copy_of_the_main_thread_waits_in_mpi) {
  // Measuring, with the helper thread watching this thread (whether the test above ran or not).
  Process& p = process();
  p.phase = Phase::measuring;
  p.main_thread = &this_thread();
  ThreadState& main = this_thread();
  const fs::path child_stderr = fs::temp_directory_path() / ("tally-hang-child-" + std::to_string(getpid()));
  main.name_call(&receive_name);
  main.switch_to(State::mpi);
  start_helper_thread(watchdog);
  const pid_t child = fork();
  if (child == 0) {
    // The child's copy of the main thread stays in MPI for 2.5 timeouts; a watchdog would speak.
    const int file = open(child_stderr.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(file, STDERR_FILENO);
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));
    _exit(0);
  }
  main.switch_to(State::useful); // the parent returns at once: nothing to name here
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  stop_helper_thread();
  p.phase = Phase::done;
  std::ifstream said(child_stderr);
  std::stringstream text;
  text << said.rdbuf();
  fs::remove(child_stderr);
  EXPECT_EQ(text.str(), "");
}

} // namespace
} // namespace tally::profiler
