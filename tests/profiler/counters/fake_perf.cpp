// SPDX-License-Identifier: BSD-3-Clause
// The fake kernel behind fake_perf_system: descriptors 100 and 101, a group read in the
// layout linux/perf_event.h documents, and mmap pages the test fills in.
#include "fake_perf.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>

namespace tally::profiler::counters::testing {
namespace {

FakePerf state;

int fake_open(perf_event_attr* attr, pid_t pid, int cpu, int group_fd, unsigned long flags) {
  state.opens.push_back({*attr, pid, cpu, group_fd, flags});
  const bool leader = group_fd == -1;
  const int error = leader ? state.leader_open_errno : state.member_open_errno;
  if (error != 0) {
    errno = error;
    return -1;
  }
  ++state.open_descriptors;
  return leader ? fake_leader_fd : fake_member_fd;
}

void* fake_mmap(void*, std::size_t, int, int, int fd, off_t) {
  if (state.mmap_fails) {
    errno = EPERM;
    return MAP_FAILED;
  }
  ++state.mapped_pages;
  return &state.pages[fd == fake_leader_fd ? 0 : 1];
}

int fake_munmap(void*, std::size_t) {
  --state.mapped_pages;
  return 0;
}

ssize_t fake_read(int fd, void* buffer, std::size_t count) {
  ++state.reads;
  if (state.read_errno != 0) {
    errno = state.read_errno;
    return -1;
  }
  // PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING, read on the leader:
  // { nr, time_enabled, time_running, value[nr] }, values in the order the events joined.
  if (fd != fake_leader_fd) {
    errno = EBADF;
    return -1;
  }
  const std::uint64_t words[] = {2, state.time_enabled_ns, state.time_running_ns, state.instructions, state.cycles};
  if (count < sizeof words) {
    errno = ENOSPC;
    return -1;
  }
  std::memcpy(buffer, words, sizeof words);
  return static_cast<ssize_t>(sizeof words);
}

int fake_close(int) {
  --state.open_descriptors;
  return 0;
}

int fake_paranoid() { return state.paranoid; }

} // namespace

FakePerf& fake_perf() { return state; }
void reset_fake_perf() { state = FakePerf{}; }

const PerfSystem fake_perf_system = {fake_open, fake_mmap, fake_munmap, fake_read, fake_close, fake_paranoid};

} // namespace tally::profiler::counters::testing
