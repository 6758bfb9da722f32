// SPDX-License-Identifier: BSD-3-Clause
// One-line warnings on stderr. write(2) directly: no stdio buffering shared with the program.
#include "core/warnings.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>
#include <utility>
#include <vector>

namespace tally::profiler {
namespace {

struct Held {
  std::string message;
  bool about_setup;
};

std::array<std::atomic<bool>, static_cast<std::size_t>(Warning::count_)> already_said{};
std::mutex held_mutex;
bool holding = false;
std::vector<Held>& held() {
  static auto* lines = new std::vector<Held>(); // never destroyed: warnings may come during exit
  return *lines;
}
std::mutex said_mutex; // one reader or writer of the said-warnings file per process at a time
std::string& said_file() {
  static auto* path = new std::string(); // set at load, before any thread but the loading one
  return *path;
}

void write_all(int fd, const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    written += static_cast<std::size_t>(n);
  }
}

void print(const std::string& message) { write_all(STDERR_FILENO, "tally: " + message + "\n"); }

/// Whether `file` holds `line` as one of its lines. Reads at most 64 KiB: a study says a handful of
/// warnings, and a file that cannot be read holds none (the warning is then said).
bool file_holds(const std::string& file, const std::string& line) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  constexpr std::size_t most = 64 * 1024;
  std::string text = "\n";
  std::array<char, 4096> buffer{};
  while (text.size() < most) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text.find("\n" + line + "\n") != std::string::npos;
}

/// Prints a warning; one about the setup only when no earlier run of the study said it, and then
/// adds it to the study's file (appended in one write, so that ranks adding at once do not mix lines).
void say(const std::string& message, bool about_setup) {
  if (!about_setup || said_file().empty()) {
    print(message);
    return;
  }
  const int saved_errno = errno;
  std::string line = message;
  std::replace(line.begin(), line.end(), '\n', ' ');
  const std::lock_guard lock(said_mutex);
  if (!file_holds(said_file(), line)) {
    print(message);
    // Never O_CREAT: a node that does not see the study's file must not leave one behind.
    if (const int fd = ::open(said_file().c_str(), O_WRONLY | O_APPEND | O_CLOEXEC); fd >= 0) {
      write_all(fd, line + "\n");
      ::close(fd);
    }
  }
  errno = saved_errno;
}

void warn_as(const std::string& message, bool about_setup) {
  {
    const std::lock_guard lock(held_mutex);
    if (holding) {
      held().push_back({message, about_setup});
      return;
    }
  }
  say(message, about_setup);
}

} // namespace

bool about_the_setup(Warning kind) {
  switch (kind) {
  case Warning::configuration:
  case Warning::clock:
  case Warning::counters:
  case Warning::mpi_library:
  case Warning::energy:
  case Warning::gpu_energy:
  case Warning::cuda:
  case Warning::hip:
  case Warning::openmp_without_ompt: return true;
  case Warning::thread_counters:
  case Warning::region_misuse:
  case Warning::region_open_at_end:
  case Warning::output:
  case Warning::mpi_not_finalized:
  case Warning::mpi_reduction:
  case Warning::count_: return false;
  }
  return false;
}

void said_warnings_in(std::string file) { said_file() = std::move(file); }

void hold_warnings() {
  const std::lock_guard lock(held_mutex);
  holding = true;
}

void release_warnings(bool print_them) {
  std::vector<Held> lines;
  {
    const std::lock_guard lock(held_mutex);
    holding = false;
    lines.swap(held());
  }
  if (!print_them) return;
  for (const Held& line : lines)
    say(line.message, line.about_setup);
}

void warn(const std::string& message) { warn_as(message, false); }

void warn_once(Warning kind, const std::string& message) {
  if (already_said[static_cast<std::size_t>(kind)].exchange(true)) return;
  warn_as(message, about_the_setup(kind));
}

} // namespace tally::profiler
