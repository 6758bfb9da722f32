// SPDX-License-Identifier: BSD-3-Clause
// AgentSession driven by a fake rocprofiler-sdk: its clock is a number the test sets, and its
// buffer holds records until a flush, as rocprofiler's does until the watermark or a flush. Times
// are ns; every expected value is the overlap of the records with the windows, worked out beside it.
#include "rocm/agent_session.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace tally::profiler::rocm {
namespace {

struct FakeRocprofiler {
  std::uint64_t now_ns = 0;
  std::vector<AgentOperation> buffered; // completed, not yet handed over
  AgentSession* session = nullptr;
  int flushes = 0;
};

RuntimeHooks hooks_of(FakeRocprofiler& rocprofiler) {
  return {.context = &rocprofiler,
          .now_ns = [](void* context) { return static_cast<FakeRocprofiler*>(context)->now_ns; },
          .flush =
              [](void* context) {
                auto& fake = *static_cast<FakeRocprofiler*>(context);
                ++fake.flushes;
                fake.session->on_operations(fake.buffered, 0);
                fake.buffered.clear();
              }};
}

constexpr std::uint64_t gpu_0 = 0xa0, gpu_1 = 0xb0, cpu = 0x1;

struct SessionRun {
  FakeRocprofiler fake;
  std::unique_ptr<AgentSession> session;
  SessionRun() {
    AgentTable agents;
    agents.add({.handle = gpu_0, .pci_domain = 0, .pci_location = 0x100});
    agents.add({.handle = gpu_1, .pci_domain = 0, .pci_location = 0x200});
    session = std::make_unique<AgentSession>(std::move(agents), hooks_of(fake));
    fake.session = session.get();
  }
  void at(std::uint64_t ns) { fake.now_ns = ns; }
};

AgentOperation kernel(std::uint64_t agent, std::uint64_t begin, std::uint64_t end) {
  return {.kind = AgentOperationKind::kernel_dispatch, .agent = agent, .begin_ns = begin, .end_ns = end};
}
AgentOperation copy(std::uint64_t to, std::uint64_t from, std::uint64_t begin, std::uint64_t end) {
  return {.kind = AgentOperationKind::memory_copy, .agent = to, .source_agent = from, .begin_ns = begin, .end_ns = end};
}

TEST(AgentSession, a_regions_kernel_and_exposed_copy_time_come_from_records_delivered_at_the_end) {
  SessionRun run;
  run.at(1000);
  run.session->start_window(1);
  // GPU 0: kernel [2000, 6000), copy in [5000, 8000): K = 4000, D = [6000, 8000) = 2000.
  // GPU 1: copy out [9000, 12000), clipped to the window's end 11000: D = 2000.
  run.fake.buffered = {kernel(gpu_0, 2000, 6000), copy(gpu_0, cpu, 5000, 8000), copy(cpu, gpu_1, 9000, 12000)};
  run.at(11000);
  run.session->stop_window(1);
  run.at(20000);
  run.session->finish();
  EXPECT_EQ(run.fake.flushes, 1);
  const auto devices = run.session->devices_of(1);
  ASSERT_EQ(devices.size(), 2u);
  EXPECT_EQ(devices[0].kernel_ns, 4000u);
  EXPECT_EQ(devices[0].memory_ns, 2000u);
  EXPECT_EQ(devices[0].uuid, pci_identity(0, 0x100)) << "identified by its PCI address for the node's merge";
  EXPECT_EQ(devices[1].kernel_ns, 0u);
  EXPECT_EQ(devices[1].memory_ns, 2000u);
  EXPECT_TRUE(run.session->problems().empty());
}

TEST(AgentSession, a_region_open_at_the_end_counts_up_to_the_end) {
  SessionRun run;
  run.at(0);
  run.session->start_window(2);
  run.fake.buffered = {kernel(gpu_1, 500, 3000)};
  run.at(2000); // the end of the run: the kernel's part after it is not the region's
  run.session->finish();
  const auto devices = run.session->devices_of(2);
  ASSERT_EQ(devices.size(), 1u) << "a GPU counts once it has had activity";
  EXPECT_EQ(devices[0].ordinal, 1u);
  EXPECT_EQ(devices[0].kernel_ns, 1500u);
}

TEST(AgentSession, once_rocprofiler_finalized_its_records_are_in_and_it_is_not_called_again) {
  SessionRun run;
  run.at(0);
  run.session->start_window(1);
  run.fake.buffered = {kernel(gpu_0, 100, 600)};
  run.at(1000);
  run.session->on_runtime_finalize(); // rocprofiler's exit handler, before the run ends
  EXPECT_EQ(run.fake.flushes, 1);
  run.session->on_runtime_finalize();
  run.at(2000);
  run.session->stop_window(1);
  run.session->finish();
  EXPECT_EQ(run.fake.flushes, 1) << "no rocprofiler call after its finalization";
  EXPECT_EQ(run.session->devices_of(1)[0].kernel_ns, 500u);
}

TEST(AgentSession, records_dropped_or_of_no_gpu_are_each_one_problem) {
  SessionRun run;
  run.at(0);
  run.session->start_window(1);
  const std::vector<AgentOperation> records{copy(cpu, cpu, 10, 20), kernel(gpu_0, 30, 40)};
  run.session->on_operations(records, 3);
  run.at(100);
  run.session->stop_window(1);
  run.session->finish();
  const auto problems = run.session->problems();
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "rocprofiler-sdk dropped 3 kernel or copy record(s) for lack of buffer space; device times "
                         "are too low");
  EXPECT_EQ(problems[1], "1 kernel or copy record(s) named no GPU agent and were ignored");
  EXPECT_EQ(run.session->devices_of(1)[0].kernel_ns, 10u);
}

} // namespace
} // namespace tally::profiler::rocm
