// SPDX-License-Identifier: BSD-3-Clause
// A backend written against core/backend.hpp and listed like the real ones, driven through a
// whole run (load, threads, regions, helper wake-ups, run end, exit): its hooks are called in the
// order, on the threads and with the arguments profiler/core/README.md documents.
#include "core/backend.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"

#include "tally.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tally::profiler {
namespace {

/// One hook call as the example backend saw it.
struct Call {
  std::string hook;
  RegionHandle region = -1; ///< the region of region hooks
  std::thread::id thread;
  bool operator==(const Call&) const = default;
};

std::mutex trace_mutex;
std::vector<Call>& trace() {
  static std::vector<Call> calls;
  return calls;
}

void record(std::string hook, RegionHandle region = -1) {
  const std::lock_guard lock(trace_mutex);
  trace().push_back({std::move(hook), region, std::this_thread::get_id()});
}

// ---- the example backend, in the order a run meets its hooks ------------------------------

extern const Backend example;

std::vector<ThreadState*> started_threads;
Phase phase_at_exit = Phase::off;
ProcessSummary summary_at_run_end;

// Probe and init: the backend has something to measure from the start, so it activates now.
void on_load() {
  record("load");
  activate_backend(example);
}

void on_thread_start(ThreadState& thread) {
  record("thread_start");
  started_threads.push_back(&thread);
}

void on_region_start(RegionHandle region) { record("region_start", region); }

void on_region_stop(RegionHandle region) { record("region_stop", region); }

// What "other threads" count: 1000 instructions more at every snapshot, so a region adds 1000
// per visit whatever else happened.
std::uint64_t snapshots = 0;
void on_region_snapshot(Totals& totals) {
  record("region_snapshot");
  ++snapshots;
  totals.useful_instructions += 1000 * snapshots;
}

// The helper thread's wake-ups come at their own pace: kept apart from the trace of the run.
std::mutex wakes_mutex;
std::vector<std::string> wakes; ///< which backend woke, in order
std::vector<std::thread::id> wake_threads;
void note_wake(std::string backend) {
  const std::lock_guard lock(wakes_mutex);
  wakes.push_back(std::move(backend));
  wake_threads.push_back(std::this_thread::get_id());
}
std::size_t wakes_so_far() {
  const std::lock_guard lock(wakes_mutex);
  return wakes.size();
}

void on_run_end(ProcessSummary& summary) {
  record("run_end");
  summary_at_run_end = summary;
}

void on_exit() {
  record("exit");
  phase_at_exit = process().phase;
}

extern const Backend example{.name = "example",
                             .on_load = on_load,
                             .on_thread_start = on_thread_start,
                             .on_region_start = on_region_start,
                             .on_region_stop = on_region_stop,
                             .on_region_snapshot = on_region_snapshot,
                             .on_helper_wake = [](std::uint64_t) { note_wake("example"); },
                             .on_run_end = on_run_end,
                             .on_exit = on_exit};

// A second backend that never activates: its region hooks must never be called.
extern const Backend dormant{.name = "dormant",
                             .on_load = [] { record("dormant load"); },
                             .on_region_start = [](RegionHandle) { record("dormant region_start"); },
                             .on_region_stop = [](RegionHandle) { record("dormant region_stop"); },
                             .on_region_snapshot = [](Totals&) { record("dormant region_snapshot"); },
                             .on_helper_wake = [](std::uint64_t) { note_wake("dormant"); },
                             .on_run_end = [](ProcessSummary&) { record("dormant run_end"); },
                             .on_exit = [] { record("dormant exit"); }};

/// The list as backend_list.cpp writes it, one line per backend.
constexpr std::array list{&example, &dormant};

// ---- one run, as libtally.so's load and exit hooks and a program drive it ----------------

class ExampleBackend : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    output = std::filesystem::temp_directory_path() / ("tally_example_backend_" + std::to_string(::getpid()));
    setenv("TALLY_OUTPUT", output.c_str(), 1);
    unsetenv("TALLY_MEASURED_PARENT"); // as in a program that no measured process started
    main_thread = std::this_thread::get_id();

    load_process(list);
    solve = tally_region_register("solve");
    tally_region_start(solve);
    tally_region_stop(solve);
    std::thread worker([] {
      worker_thread = std::this_thread::get_id();
      tally_region_start(solve);
      worker_state = &this_thread();
      tally_region_stop(solve);
    });
    worker.join();
    // At least one wake-up of the helper thread (every 100 ms) before the run ends.
    for (int waited = 0; wakes_so_far() < 2 && waited < 1000; ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    exit_process();
    calls_after_exit = trace().size();
    wakes_after_exit = wakes_so_far();
    tally_region_start(solve); // after the run: no backend's
    tally_region_stop(solve);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(output); }

  static Call on_main(std::string hook, RegionHandle region = -1) { return {std::move(hook), region, main_thread}; }
  static Call on_worker(std::string hook, RegionHandle region = -1) { return {std::move(hook), region, worker_thread}; }

  static inline std::filesystem::path output;
  static inline std::thread::id main_thread;
  static inline std::thread::id worker_thread;
  static inline RegionHandle solve = -1;
  static inline ThreadState* worker_state = nullptr;
  static inline std::size_t calls_after_exit = 0;
  static inline std::size_t wakes_after_exit = 0;
};

TEST_F(ExampleBackend, hooks_are_called_in_the_documented_order_on_the_documented_threads) {
  const RegionHandle global = process().global;
  const std::vector<Call> expected{
      // load_process: the cold hooks of every listed backend in list order, then the run starts
      // on the loading thread: its state is made, Global opens.
      on_main("load"), on_main("dormant load"), on_main("thread_start"), on_main("region_snapshot"),
      on_main("region_start", global),
      // A region visit: the snapshot, then the region hook, at start and stop.
      on_main("region_snapshot"), on_main("region_start", solve), on_main("region_snapshot"),
      on_main("region_stop", solve),
      // Another thread: its state is made on it at its first event.
      on_worker("thread_start"), on_worker("region_snapshot"), on_worker("region_start", solve),
      on_worker("region_snapshot"), on_worker("region_stop", solve),
      // exit_process: on_exit first, then the core ends the run no backend ended.
      on_main("exit"), on_main("dormant exit"), on_main("region_snapshot"), on_main("region_stop", global),
      on_main("run_end"), on_main("dormant run_end")};
  EXPECT_EQ(std::vector<Call>(trace().begin(), trace().begin() + static_cast<long>(calls_after_exit)), expected);
}

TEST_F(ExampleBackend, no_region_hook_runs_after_the_run_or_for_a_backend_that_never_activated) {
  EXPECT_EQ(trace().size(), calls_after_exit);
  for (const Call& call : trace())
    EXPECT_FALSE(call.hook.starts_with("dormant region")) << call.hook;
}

TEST_F(ExampleBackend, helper_wakes_reach_every_backend_in_list_order_on_the_helper_thread_during_the_run) {
  const std::lock_guard lock(wakes_mutex);
  ASSERT_GE(wakes.size(), 2u);
  EXPECT_EQ(wakes.size() % 2, 0u); // each wake-up calls both backends, the dormant one too
  for (std::size_t i = 0; i < wakes.size(); ++i) {
    EXPECT_EQ(wakes[i], i % 2 == 0 ? "example" : "dormant");
    EXPECT_NE(wake_threads[i], main_thread);
    EXPECT_NE(wake_threads[i], worker_thread);
    EXPECT_EQ(wake_threads[i], wake_threads[0]);
  }
  // The helper thread stops with the run: no wake-up after it.
  EXPECT_EQ(wakes.size(), wakes_after_exit);
}

TEST_F(ExampleBackend, thread_start_gets_the_state_of_the_thread_it_runs_on) {
  ASSERT_EQ(started_threads.size(), 2u);
  EXPECT_EQ(started_threads[1], worker_state);
  EXPECT_NE(started_threads[0], started_threads[1]);
}

TEST_F(ExampleBackend, what_the_snapshot_hook_adds_reaches_the_regions_of_the_summary) {
  // Two visits of "solve" (main thread and worker), 1000 instructions each by construction.
  const auto& region = summary_at_run_end.regions.at(static_cast<std::size_t>(solve));
  EXPECT_EQ(summary_at_run_end.names.at(static_cast<std::size_t>(solve)), "solve");
  EXPECT_EQ(region.visits, 2u);
  EXPECT_EQ(region.useful_instructions, 2000u);
  EXPECT_EQ(summary_at_run_end.regions.at(static_cast<std::size_t>(process().global)).visits, 1u);
  EXPECT_EQ(snapshots, 6u);
}

TEST_F(ExampleBackend, on_exit_sees_the_run_still_measuring_and_the_core_then_writes_it) {
  EXPECT_EQ(phase_at_exit, Phase::measuring);
  EXPECT_EQ(process().phase, Phase::done);
  std::size_t documents = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(output))
    documents += entry.path().extension() == ".json" ? 1 : 0;
  EXPECT_EQ(documents, 1u);
}

} // namespace
} // namespace tally::profiler
