// SPDX-License-Identifier: BSD-3-Clause
// ThreadCounters and probe_counters against the fake perf: what is opened, what read() returns,
// the reason given for each way perf can be unavailable, and manners (errno, descriptors).
#include "counters/perf_counters.hpp"
#include "fake_perf.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <string>

namespace tally::profiler::counters {
namespace {

using testing::fake_leader_fd;
using testing::fake_perf;
using testing::fake_perf_system;

class FakePerfTest : public ::testing::Test {
protected:
  void SetUp() override {
    testing::reset_fake_perf();
    fake_perf().mmap_fails = true; // the system-call path, unless a test maps pages
  }
  ThreadCounters counters{fake_perf_system};
  std::string reason;
};

TEST_F(FakePerfTest, opens_user_space_instructions_and_cycles_of_the_calling_thread_as_one_group) {
  ASSERT_TRUE(counters.open(reason)) << reason;
  EXPECT_TRUE(counters.is_open());
  ASSERT_EQ(fake_perf().opens.size(), 2u);
  const auto& leader = fake_perf().opens[0];
  const auto& member = fake_perf().opens[1];
  EXPECT_EQ(leader.attr.type, PERF_TYPE_HARDWARE);
  EXPECT_EQ(leader.attr.config, PERF_COUNT_HW_INSTRUCTIONS);
  EXPECT_EQ(member.attr.config, PERF_COUNT_HW_CPU_CYCLES);
  EXPECT_EQ(leader.group_fd, -1);
  EXPECT_EQ(member.group_fd, fake_leader_fd);
  for (const auto& call : fake_perf().opens) {
    EXPECT_EQ(call.attr.size, sizeof(perf_event_attr));
    EXPECT_EQ(call.attr.exclude_kernel, 1u);
    EXPECT_EQ(call.attr.exclude_hv, 1u);
    EXPECT_EQ(call.attr.disabled, 0u) << "counting starts at open";
    EXPECT_EQ(call.attr.inherit, 0u);
    EXPECT_EQ(call.attr.read_format,
              PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING);
    EXPECT_EQ(call.pid, 0) << "the calling thread";
    EXPECT_EQ(call.cpu, -1) << "on any CPU";
    EXPECT_EQ(call.flags, PERF_FLAG_FD_CLOEXEC);
  }
}

TEST_F(FakePerfTest, read_returns_the_counts_the_kernel_reports) {
  fake_perf().instructions = 1234;
  fake_perf().cycles = 567;
  ASSERT_TRUE(counters.open(reason)) << reason;
  EXPECT_FALSE(counters.reads_in_user_space());
  const CounterSample sample = counters.read();
  EXPECT_EQ(sample.instructions, 1234u);
  EXPECT_EQ(sample.cycles, 567u);
}

TEST_F(FakePerfTest, differences_of_reads_follow_the_counts_as_they_advance) {
  ASSERT_TRUE(counters.open(reason)) << reason;
  fake_perf().instructions = 1'000;
  fake_perf().cycles = 400;
  const CounterSample start = counters.read();
  fake_perf().instructions = 1'000'000'123;
  fake_perf().cycles = 250'000'400;
  const CounterSample stop = counters.read();
  EXPECT_EQ(stop.instructions - start.instructions, 1'000'000'123u - 1'000u);
  EXPECT_EQ(stop.cycles - start.cycles, 250'000'000u);
}

TEST_F(FakePerfTest, open_without_a_pmu_says_so) {
  fake_perf().leader_open_errno = ENOENT;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_FALSE(counters.is_open());
  EXPECT_EQ(reason, "perf_event_open: No such file or directory (no PMU available to this machine)");
}

TEST_F(FakePerfTest, open_refused_at_paranoid_3_names_the_setting) {
  fake_perf().leader_open_errno = EACCES;
  fake_perf().paranoid = 3;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_FALSE(counters.is_open());
  EXPECT_EQ(reason, "perf_event_paranoid is 3");
}

TEST_F(FakePerfTest, open_refused_below_paranoid_3_points_at_seccomp) {
  fake_perf().leader_open_errno = EPERM;
  fake_perf().paranoid = 2;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_EQ(reason, "perf_event_open: Operation not permitted (perf_event_paranoid is 2; a container's seccomp "
                    "profile may block perf_event_open)");
}

TEST_F(FakePerfTest, open_refused_with_unreadable_paranoid_setting_says_so) {
  fake_perf().leader_open_errno = EACCES;
  fake_perf().paranoid = paranoid_unknown;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_NE(reason.find("perf_event_paranoid unreadable"), std::string::npos) << reason;
}

TEST_F(FakePerfTest, failing_to_open_cycles_closes_instructions_too) {
  fake_perf().member_open_errno = EMFILE;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_FALSE(counters.is_open());
  EXPECT_EQ(fake_perf().open_descriptors, 0);
  EXPECT_EQ(reason, "perf_event_open: Too many open files (out of file descriptors)");
}

TEST_F(FakePerfTest, counters_that_open_but_cannot_be_read_are_not_open) {
  fake_perf().read_errno = EIO;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_FALSE(counters.is_open());
  EXPECT_EQ(fake_perf().open_descriptors, 0);
  EXPECT_EQ(reason, "read: Input/output error (counters opened but cannot be read)");
}

TEST_F(FakePerfTest, refused_read_returns_the_last_sample_and_counts_the_error) {
  ASSERT_TRUE(counters.open(reason)) << reason;
  fake_perf().instructions = 10;
  fake_perf().cycles = 20;
  counters.read();
  fake_perf().instructions = 30;
  fake_perf().read_errno = EIO;
  const CounterSample sample = counters.read();
  EXPECT_EQ(sample.instructions, 10u);
  EXPECT_EQ(sample.cycles, 20u);
  EXPECT_EQ(counters.read_errors(), 1u);
}

TEST_F(FakePerfTest, open_and_read_leave_errno_as_they_found_it) {
  errno = EAGAIN;
  ASSERT_TRUE(counters.open(reason)) << reason;
  EXPECT_EQ(errno, EAGAIN);
  fake_perf().read_errno = EIO;
  counters.read();
  EXPECT_EQ(errno, EAGAIN);
  counters.close();
  EXPECT_EQ(errno, EAGAIN);
  fake_perf().leader_open_errno = ENOENT;
  EXPECT_FALSE(counters.open(reason));
  EXPECT_EQ(errno, EAGAIN);
}

TEST_F(FakePerfTest, closed_counters_read_zero_without_a_system_call) {
  const CounterSample sample = counters.read();
  EXPECT_EQ(sample.instructions, 0u);
  EXPECT_EQ(sample.cycles, 0u);
  EXPECT_EQ(fake_perf().reads, 0);
  EXPECT_EQ(counters.running_fraction(), 0.0);
}

TEST_F(FakePerfTest, destruction_closes_descriptors_and_unmaps_pages) {
  fake_perf().mmap_fails = false;
  fake_perf().pages[0].cap_user_rdpmc = 1;
  fake_perf().pages[1].cap_user_rdpmc = 1;
  {
    ThreadCounters scoped{fake_perf_system};
    ASSERT_TRUE(scoped.open(reason)) << reason;
    EXPECT_EQ(fake_perf().open_descriptors, 2);
  }
  EXPECT_EQ(fake_perf().open_descriptors, 0);
  EXPECT_EQ(fake_perf().mapped_pages, 0);
}

TEST_F(FakePerfTest, reopening_closes_the_previous_descriptors_first) {
  ASSERT_TRUE(counters.open(reason)) << reason;
  ASSERT_TRUE(counters.open(reason)) << reason;
  EXPECT_EQ(fake_perf().open_descriptors, 2);
  counters.close();
  EXPECT_FALSE(counters.is_open());
  EXPECT_EQ(fake_perf().open_descriptors, 0);
}

TEST_F(FakePerfTest, running_fraction_shows_multiplexing) {
  ASSERT_TRUE(counters.open(reason)) << reason;
  fake_perf().time_enabled_ns = 1000;
  fake_perf().time_running_ns = 1000;
  EXPECT_EQ(counters.running_fraction(), 1.0);
  fake_perf().time_running_ns = 250;
  EXPECT_EQ(counters.running_fraction(), 0.25);
}

#if defined(__x86_64__)
TEST_F(FakePerfTest, page_without_rdpmc_is_unmapped_and_reads_use_the_system_call) {
  fake_perf().mmap_fails = false; // pages stay zero: cap_user_rdpmc clear
  ASSERT_TRUE(counters.open(reason)) << reason;
  EXPECT_FALSE(counters.reads_in_user_space());
  EXPECT_EQ(fake_perf().mapped_pages, 0);
}

// The fake pages allow rdpmc but say the events are not on the PMU (index 0), so every read
// must go to read(): an rdpmc here would fault, as this process may not execute it. Reading
// through rdpmc itself is only checked on hardware (hardware_counters_test.cpp).
TEST_F(FakePerfTest, page_with_index_0_falls_back_to_the_system_call) {
  fake_perf().mmap_fails = false;
  for (auto& page : fake_perf().pages) {
    page.cap_user_rdpmc = 1;
    page.index = 0;
    page.pmc_width = 48;
  }
  ASSERT_TRUE(counters.open(reason)) << reason;
  EXPECT_TRUE(counters.reads_in_user_space());
  fake_perf().instructions = 77;
  fake_perf().cycles = 88;
  const int reads_before = fake_perf().reads;
  const CounterSample sample = counters.read();
  EXPECT_EQ(fake_perf().reads, reads_before + 1);
  EXPECT_EQ(sample.instructions, 77u);
  EXPECT_EQ(sample.cycles, 88u);
}
#endif

TEST_F(FakePerfTest, probe_is_empty_when_counters_count) {
  fake_perf().instructions = 5;
  fake_perf().cycles = 9;
  EXPECT_EQ(probe_counters(fake_perf_system), "");
}

TEST_F(FakePerfTest, probe_gives_the_reason_counters_cannot_open) {
  fake_perf().leader_open_errno = ENOENT;
  EXPECT_EQ(probe_counters(fake_perf_system),
            "perf_event_open: No such file or directory (no PMU available to this machine)");
}

TEST_F(FakePerfTest, probe_rejects_counters_that_count_nothing) {
  EXPECT_EQ(probe_counters(fake_perf_system),
            "perf counters opened but count nothing (the PMU is busy, or virtualised without counters)");
  EXPECT_EQ(fake_perf().open_descriptors, 0);
}

} // namespace
} // namespace tally::profiler::counters
