// SPDX-License-Identifier: BSD-3-Clause
// Host and program facts, read from /proc and from the program's own ELF file.
#include "core/host_probe.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace tally::profiler {
namespace {

std::string read_whole_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// Reads `size` bytes at `offset` of `fd`; empty on failure.
std::string read_at(int fd, std::size_t offset, std::size_t size) {
  std::string out(size, '\0');
  const ssize_t n = ::pread(fd, out.data(), size, static_cast<off_t>(offset));
  if (n != static_cast<ssize_t>(size)) return "";
  return out;
}

/// The first NUL-terminated string of the .comment section of a 64-bit ELF file. Reads only
/// the headers and that section: programs can be hundreds of megabytes.
std::string elf_comment(int fd) {
  const std::string head = read_at(fd, 0, sizeof(Elf64_Ehdr));
  if (head.empty() || std::memcmp(head.data(), ELFMAG, SELFMAG) != 0 || head[EI_CLASS] != ELFCLASS64) return "";
  Elf64_Ehdr header;
  std::memcpy(&header, head.data(), sizeof header);
  if (header.e_shoff == 0 || header.e_shstrndx >= header.e_shnum || header.e_shentsize != sizeof(Elf64_Shdr)) {
    return "";
  }
  const std::string table = read_at(fd, header.e_shoff, std::size_t{header.e_shnum} * sizeof(Elf64_Shdr));
  if (table.empty()) return "";
  auto section = [&](std::size_t index) {
    Elf64_Shdr s;
    std::memcpy(&s, table.data() + index * sizeof(Elf64_Shdr), sizeof s);
    return s;
  };
  const Elf64_Shdr names_header = section(header.e_shstrndx);
  const std::string names = read_at(fd, names_header.sh_offset, names_header.sh_size);
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    const Elf64_Shdr s = section(i);
    if (s.sh_name >= names.size() || std::strcmp(names.c_str() + s.sh_name, ".comment") != 0) continue;
    const std::string comment = read_at(fd, s.sh_offset, std::min<std::size_t>(s.sh_size, 4096));
    return comment.substr(0, comment.find('\0')); // the first of the section's strings
  }
  return "";
}

} // namespace

std::string host_name() {
  // Under Slurm, the node as Slurm names it (which may differ from the host's own name).
  if (const char* node = std::getenv("SLURMD_NODENAME"); node && *node) return node;
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

std::string program_compiler() {
  const int fd = ::open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "unknown";
  const std::string comment = elf_comment(fd);
  ::close(fd);
  return comment.empty() ? "unknown" : comment;
}

std::vector<std::string> command_line() {
  const std::string raw = read_whole_file("/proc/self/cmdline");
  std::vector<std::string> out;
  for (std::size_t begin = 0; begin < raw.size();) {
    const std::size_t end = raw.find('\0', begin);
    out.push_back(raw.substr(begin, end - begin));
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  return out;
}

std::string program_name() { return program_invocation_short_name; }

std::uint64_t peak_resident_kib() {
  const std::string status = read_whole_file("/proc/self/status");
  const std::size_t at = status.find("VmHWM:");
  if (at == std::string::npos) return 0;
  return std::strtoull(status.c_str() + at + 6, nullptr, 10);
}

} // namespace tally::profiler
