// SPDX-License-Identifier: BSD-3-Clause
// DeviceSession: the device side of a run in libtally.so, driven here by fake CUPTI functions
// that hold records back until a flush, as CUPTI's buffers do. Windows are real time (the
// session reads CLOCK_MONOTONIC), records are placed inside them, so the expected device time
// is the records' length, whenever they arrive.
#include "core/thread_state.hpp"
#include "cuda/device_session.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

namespace tally::profiler::cuda {
namespace {

/// What the fake CUPTI holds and what it was asked.
struct FakeCupti {
  TallyCuptiSink sink{};
  std::vector<DeviceActivity> buffered; // recorded, not yet delivered
  int flushes = 0;
  int forced_flushes = 0;
  bool stopped = false;
  std::uint64_t dropped = 0;
};
FakeCupti fake;

TallyCuptiFunctions fake_functions() {
  return {cupti_abi_version,
          sizeof(TallyCuptiFunctions),
          [](const TallyCuptiSink* sink, char*, std::size_t) {
            fake.sink = *sink;
            return 0;
          },
          [](int forced) {
            ++fake.flushes;
            fake.forced_flushes += forced ? 1 : 0;
            fake.sink.on_records(fake.sink.context, fake.buffered.data(), fake.buffered.size());
            fake.buffered.clear();
          },
          [] { fake.stopped = true; },
          [] { return fake.dropped; }};
}

/// The session is where CUPTI's sink points, so it never moves.
std::unique_ptr<DeviceSession> started_session() {
  fake = FakeCupti{};
  auto session = std::make_unique<DeviceSession>(fake_functions());
  std::string error;
  EXPECT_TRUE(session->start(error)) << error;
  return session;
}

/// A kernel of `length_ns` on device 0 that begins now, inside whatever window is open.
DeviceActivity kernel_from_now(std::uint64_t length_ns) {
  const std::uint64_t begin = monotonic_ns();
  return {.device = 0, .kind = ActivityKind::kernel, .stream = 0, .begin_ns = begin, .end_ns = begin + length_ns};
}

TEST(DeviceSession, activity_still_in_cupti_buffers_at_the_end_is_delivered_and_counted) {
  const auto session = started_session();
  session->start_window(1);
  const DeviceActivity inside = kernel_from_now(1'000'000);
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  session->stop_window(1);
  const std::uint64_t after_stop = monotonic_ns() + 1'000'000;
  fake.buffered = {
      inside, {.device = 0, .kind = ActivityKind::memcpy, .begin_ns = after_stop, .end_ns = after_stop + 5'000'000}};
  session->finish();
  EXPECT_EQ(fake.forced_flushes, 1);
  EXPECT_TRUE(fake.stopped);
  const auto devices = session->devices_of(1);
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0].kernel_ns, 1'000'000u); // the copy came after the region: not its time
  EXPECT_EQ(devices[0].memory_ns, 0u);
  EXPECT_FALSE(devices[0].uuid.has_value()); // CUPTI never described the device
}

TEST(DeviceSession, a_region_open_at_the_end_is_closed_there) {
  const auto session = started_session();
  session->start_window(0);
  fake.buffered = {kernel_from_now(2'000'000)};
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  session->finish();
  ASSERT_EQ(session->devices_of(0).size(), 1u);
  EXPECT_EQ(session->devices_of(0)[0].kernel_ns, 2'000'000u);
}

TEST(DeviceSession, many_visits_flush_and_settle_on_the_way_without_losing_time) {
  // 7000 visits of 0.1 ms kernels: beyond 4096 pending windows the session flushes at a stop
  // (checked every 1024 stops: at 5120 and 6144) and settles up to its previous flush; every
  // kernel still counts exactly once.
  const auto session = started_session();
  constexpr int visits = 7000;
  constexpr std::uint64_t kernel_ns = 100'000;
  for (int i = 0; i < visits; ++i) {
    session->start_window(2);
    fake.buffered.push_back(kernel_from_now(kernel_ns));
    while (monotonic_ns() < fake.buffered.back().end_ns + 1000) {
    }
    session->stop_window(2);
  }
  const int flushes_on_the_way = fake.flushes;
  session->finish();
  EXPECT_EQ(flushes_on_the_way, 2);
  ASSERT_EQ(session->devices_of(2).size(), 1u);
  EXPECT_EQ(session->devices_of(2)[0].kernel_ns, visits * kernel_ns);
  EXPECT_TRUE(session->problems().empty());
}

TEST(DeviceSession, a_device_described_by_cupti_carries_its_uuid) {
  const auto session = started_session();
  const std::uint8_t uuid[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  fake.sink.on_device(fake.sink.context, 0, uuid);
  session->start_window(0);
  fake.buffered = {kernel_from_now(500'000)};
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
  session->stop_window(0);
  session->finish();
  const auto devices = session->devices_of(0);
  ASSERT_EQ(devices.size(), 1u);
  ASSERT_TRUE(devices[0].uuid.has_value());
  EXPECT_EQ((*devices[0].uuid)[15], 16);
}

TEST(DeviceSession, records_cupti_dropped_are_reported) {
  const auto session = started_session();
  fake.dropped = 7;
  session->finish();
  const auto problems = session->problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("dropped 7 activity record"), std::string::npos) << problems[0];
}

TEST(DeviceSession, runtime_calls_put_the_calling_thread_in_the_offload_state_and_back) {
  const auto session = started_session();
  ThreadState& thread = this_thread();
  thread.switch_to(State::useful);
  const TallyRuntimeCall query{tally_runtime_call_other, 0, 0};
  fake.sink.on_runtime_enter(&query);
  EXPECT_EQ(thread.current(), State::offload);
  fake.sink.on_runtime_exit();
  EXPECT_EQ(thread.current(), State::useful);
  // Inside MPI (CUDA-aware MPI moving a device buffer), the time stays MPI time.
  thread.switch_to(State::mpi);
  fake.sink.on_runtime_enter(&query);
  EXPECT_EQ(thread.current(), State::mpi);
  fake.sink.on_runtime_exit();
  EXPECT_EQ(thread.current(), State::mpi);
  thread.switch_to(State::useful);
  session->finish();
}

TEST(DeviceSession, runtime_calls_add_to_the_calling_threads_counts) {
  const auto session = started_session();
  ThreadState& thread = this_thread();
  const model::Counts before = thread.snapshot().counts;
  // By construction: two launches, a 4096-byte and a 100-byte copy host to device, a 64-byte
  // copy device to host (made inside MPI: still counted), a 10-byte peer copy and a query.
  const TallyRuntimeCall launch{tally_runtime_call_kernel_launch, 0, 0};
  const TallyRuntimeCall query{tally_runtime_call_other, 0, 0};
  const TallyRuntimeCall to_device_large{tally_runtime_call_memory_copy, 0, 4096};
  const TallyRuntimeCall to_device_small{tally_runtime_call_memory_copy, 0, 100};
  const TallyRuntimeCall to_host{tally_runtime_call_memory_copy, 1, 64};
  const TallyRuntimeCall peer{tally_runtime_call_memory_copy, 4, 10};
  for (const TallyRuntimeCall* call : {&launch, &launch, &to_device_large, &to_device_small, &query, &peer}) {
    fake.sink.on_runtime_enter(call);
    fake.sink.on_runtime_exit();
  }
  thread.switch_to(State::mpi);
  fake.sink.on_runtime_enter(&to_host);
  fake.sink.on_runtime_exit();
  thread.switch_to(State::useful);
  const model::Counts after = thread.snapshot().counts;
  const auto added = [&](std::size_t slot) { return after[slot] - before[slot]; };
  namespace slot = model::count_slot;
  static_assert(model::device_copy_directions[0] == "host_to_device");
  static_assert(model::device_copy_directions[1] == "device_to_host");
  static_assert(model::device_copy_directions[4] == "peer");
  EXPECT_EQ(added(slot::device_runtime_calls), 7u);
  EXPECT_EQ(added(slot::device_kernel_launches), 2u);
  EXPECT_EQ(added(slot::device_copies + 0), 2u);
  EXPECT_EQ(added(slot::device_copy_bytes + 0), 4196u);
  EXPECT_EQ(added(slot::device_copies + 1), 1u);
  EXPECT_EQ(added(slot::device_copy_bytes + 1), 64u);
  EXPECT_EQ(added(slot::device_copies + 4), 1u);
  EXPECT_EQ(added(slot::device_copy_bytes + 4), 10u);
  EXPECT_EQ(added(slot::device_copies + 2) + added(slot::device_copies + 3) + added(slot::device_copies + 5), 0u);
  session->finish();
}

} // namespace
} // namespace tally::profiler::cuda
