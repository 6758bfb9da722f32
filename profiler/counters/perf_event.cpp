// SPDX-License-Identifier: BSD-3-Clause
// The perf_event backend of ThreadCounters: opening the instructions/cycles group of a thread,
// reading it with rdpmc or read(), and probing whether a machine has usable counters at all.
#include "perf_counters.hpp"

#include "perf_abi.hpp"

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace tally::profiler::counters {
namespace {

// ---- the real system calls ---------------------------------------------------------------

int sys_perf_event_open(perf_event_attr* attr, pid_t pid, int cpu, int group_fd, unsigned long flags) {
  return static_cast<int>(::syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags));
}

int read_perf_event_paranoid() {
  std::FILE* file = std::fopen("/proc/sys/kernel/perf_event_paranoid", "re");
  if (file == nullptr) return paranoid_unknown;
  int level = paranoid_unknown;
  if (std::fscanf(file, "%d", &level) != 1) level = paranoid_unknown;
  std::fclose(file);
  return level;
}

// ---- reasons -----------------------------------------------------------------------------

// Picks the message out of whichever strerror_r the C library declares (GNU or XSI), because
// std::strerror is not thread-safe and open() runs on many threads.
[[maybe_unused]] const char* message_of(int /*xsi_result*/, const char* buffer) { return buffer; }
[[maybe_unused]] const char* message_of(const char* gnu_result, const char* /*buffer*/) { return gnu_result; }

std::string error_text(int error) {
  char buffer[128] = "unknown error";
  return message_of(strerror_r(error, buffer, sizeof buffer), buffer);
}

std::string paranoid_text(int level) {
  return level == paranoid_unknown ? std::string("perf_event_paranoid unreadable")
                                   : "perf_event_paranoid is " + std::to_string(level);
}

// One line that says what failed and, where errno allows a good guess, why.
std::string open_failure_reason(int error, const PerfSystem& system) {
  const std::string what = "perf_event_open: " + error_text(error);
  switch (error) {
  case ENOENT:
  case ENODEV: return what + " (no PMU available to this machine)";
  case EOPNOTSUPP: return what + " (the PMU cannot count this event for user space only)";
  case ENOSYS: return what + " (kernel without perf events, or a seccomp filter)";
  case EACCES:
  case EPERM: {
    const int level = system.perf_event_paranoid();
    // 3 and above is the Debian/Android patch that forbids perf_event_open to the unprivileged.
    if (level >= 3) return paranoid_text(level);
    return what + " (" + paranoid_text(level) + "; a container's seccomp profile may block perf_event_open)";
  }
  case EMFILE:
  case ENFILE: return what + " (out of file descriptors)";
  default: return what;
  }
}

// The application may be between a failing call and its errno check when we run: every entry
// point leaves errno as it found it.
struct KeepErrno {
  int saved = errno;
  KeepErrno() = default;
  KeepErrno(const KeepErrno&) = delete;
  KeepErrno& operator=(const KeepErrno&) = delete;
  ~KeepErrno() { errno = saved; }
};

// ---- opening -----------------------------------------------------------------------------

int open_event(const PerfSystem& system, std::uint64_t config, int group_fd) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = config;
  attr.read_format = abi::group_read_format;
  attr.disabled = 0; // counting from open, so "since open()" needs no ioctl
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  // pid 0, cpu -1: this thread on whichever CPU it runs. Close-on-exec so the application's
  // child processes never inherit our descriptors.
  return system.perf_event_open(&attr, 0, -1, group_fd, PERF_FLAG_FD_CLOEXEC);
}

#if defined(__x86_64__)
// A function object rather than a function pointer, so the seqlock loop inlines it. Faults
// unless the kernel allows rdpmc to this process, which read_user_page checks first.
struct Rdpmc {
  std::uint64_t operator()(std::uint32_t counter) const noexcept {
    std::uint32_t low = 0;
    std::uint32_t high = 0;
    __asm__ __volatile__("rdpmc" : "=a"(low), "=d"(high) : "c"(counter));
    return (static_cast<std::uint64_t>(high) << 32) | low;
  }
};

// Maps the event's control page; null when it cannot be mapped or does not allow rdpmc, and
// then reads simply go through read().
void* map_rdpmc_page(const PerfSystem& system, int fd) {
  const auto length = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  void* page = system.mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, 0);
  if (page == MAP_FAILED) return nullptr;
  if (!static_cast<const perf_event_mmap_page*>(page)->cap_user_rdpmc) {
    system.munmap(page, length);
    return nullptr;
  }
  return page;
}
#endif

} // namespace

const PerfSystem kernel_perf_system = {
    sys_perf_event_open, ::mmap, ::munmap, ::read, ::close, read_perf_event_paranoid,
};

bool ThreadCounters::open(std::string& reason) {
  const KeepErrno keep_errno;
  close();
  instructions_fd_ = open_event(*system_, PERF_COUNT_HW_INSTRUCTIONS, -1);
  if (instructions_fd_ < 0) {
    reason = open_failure_reason(errno, *system_);
    return false;
  }
  cycles_fd_ = open_event(*system_, PERF_COUNT_HW_CPU_CYCLES, instructions_fd_);
  if (cycles_fd_ < 0) {
    reason = open_failure_reason(errno, *system_);
    close();
    return false;
  }
  // A descriptor that opens but cannot be read (an event in error state) would otherwise only
  // show up as read errors at the end.
  CounterSample first;
  errno = 0;
  if (!read_with_system_call(first)) {
    reason = "read: " + (errno != 0 ? error_text(errno) : std::string("short read")) +
             " (counters opened but cannot be read)";
    close();
    return false;
  }
  last_ = first;
  read_errors_ = 0;
#if defined(__x86_64__)
  instructions_page_ = map_rdpmc_page(*system_, instructions_fd_);
  cycles_page_ = instructions_page_ != nullptr ? map_rdpmc_page(*system_, cycles_fd_) : nullptr;
  if (cycles_page_ == nullptr && instructions_page_ != nullptr) {
    system_->munmap(instructions_page_, static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)));
    instructions_page_ = nullptr;
  }
#endif
  return true;
}

void ThreadCounters::close() noexcept {
  const KeepErrno keep_errno;
  const auto length = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  for (void** page : {&instructions_page_, &cycles_page_}) {
    if (*page != nullptr) system_->munmap(*page, length);
    *page = nullptr;
  }
  // Members before the leader, as perf tears groups down.
  for (int* fd : {&cycles_fd_, &instructions_fd_}) {
    if (*fd >= 0) system_->close(*fd);
    *fd = -1;
  }
}

// The hot path: two reads of the perf mmap pages and two rdpmc when allowed, otherwise one read()
// of the group. No allocation, lock or logging; errno is left as the caller had it.
CounterSample ThreadCounters::read() const noexcept {
  if (instructions_fd_ < 0) return {};
  CounterSample sample;
#if defined(__x86_64__)
  if (instructions_page_ != nullptr &&
      abi::read_user_page(*static_cast<const perf_event_mmap_page*>(instructions_page_), Rdpmc{},
                          sample.instructions) &&
      abi::read_user_page(*static_cast<const perf_event_mmap_page*>(cycles_page_), Rdpmc{}, sample.cycles)) {
    last_ = sample;
    return sample;
  }
#endif
  const KeepErrno keep_errno;
  if (!read_with_system_call(sample)) {
    ++read_errors_;
    return last_;
  }
  last_ = sample;
  return sample;
}

bool ThreadCounters::read_with_system_call(CounterSample& sample, std::uint64_t* enabled_ns,
                                           std::uint64_t* running_ns) const noexcept {
  abi::GroupRead group{};
  const ssize_t got = system_->read(instructions_fd_, &group, sizeof group);
  if (got != static_cast<ssize_t>(sizeof group) || group.nr != 2) return false;
  sample.instructions = group.values[0];
  sample.cycles = group.values[1];
  if (enabled_ns != nullptr) *enabled_ns = group.time_enabled_ns;
  if (running_ns != nullptr) *running_ns = group.time_running_ns;
  return true;
}

double ThreadCounters::running_fraction() const noexcept {
  if (instructions_fd_ < 0) return 0.0;
  CounterSample ignored;
  std::uint64_t enabled = 0;
  std::uint64_t running = 0;
  const KeepErrno keep_errno;
  if (!read_with_system_call(ignored, &enabled, &running)) return 0.0;
  if (enabled == 0) return 1.0;
  return static_cast<double>(running) / static_cast<double>(enabled);
}

std::string probe_counters(const PerfSystem& system) {
  ThreadCounters counters(system);
  std::string reason;
  if (!counters.open(reason)) return reason;
  // Some work to count: a virtual PMU that opens fine but never schedules the group counts 0.
  volatile std::uint64_t sink = 0;
  for (std::uint64_t i = 0; i < 10000; ++i)
    sink = sink + i;
  const CounterSample sample = counters.read();
  if (counters.read_errors() != 0) return "read: the kernel refused to read the counters";
  if (sample.instructions == 0 || sample.cycles == 0)
    return "perf counters opened but count nothing (the PMU is busy, or virtualised without counters)";
  return "";
}

} // namespace tally::profiler::counters
