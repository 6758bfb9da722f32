// SPDX-License-Identifier: BSD-3-Clause
// One-line warnings on stderr. write(2) directly: no stdio buffering shared with the program.
#include "core/warnings.hpp"

#include <array>
#include <atomic>
#include <cerrno>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace tally::profiler {
namespace {
std::array<std::atomic<bool>, static_cast<std::size_t>(Warning::count_)> already_said{};
std::mutex held_mutex;
bool holding = false;
std::vector<std::string>& held() {
  static auto* lines = new std::vector<std::string>(); // never destroyed: warnings may come during exit
  return *lines;
}

void print(const std::string& message) {
  const std::string line = "tally: " + message + "\n";
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(STDERR_FILENO, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    written += static_cast<std::size_t>(n);
  }
}

} // namespace

void hold_warnings() {
  const std::lock_guard lock(held_mutex);
  holding = true;
}

void release_warnings(bool print_them) {
  std::vector<std::string> lines;
  {
    const std::lock_guard lock(held_mutex);
    holding = false;
    lines.swap(held());
  }
  if (!print_them) return;
  for (const std::string& line : lines)
    print(line);
}

void warn(const std::string& message) {
  {
    const std::lock_guard lock(held_mutex);
    if (holding) {
      held().push_back(message);
      return;
    }
  }
  print(message);
}

void warn_once(Warning kind, const std::string& message) {
  if (already_said[static_cast<std::size_t>(kind)].exchange(true)) return;
  warn(message);
}

} // namespace tally::profiler
