// SPDX-License-Identifier: BSD-3-Clause
// Facts about the machine and the measured program for the run document: host name, CPU
// model, the compiler that built the program, its command line, its peak memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tally::profiler {

/// This node's name: Slurm's (SLURMD_NODENAME) under Slurm, else the host name.
std::string host_name();

/// "model name" of /proc/cpuinfo, or "unknown".
std::string cpu_model();

/// The compiler recorded in the program's ELF .comment section (e.g. "GCC: (Debian 12.2.0-14) 12.2.0"),
/// or "unknown" when the program carries none.
std::string program_compiler();

/// argv of the measured program, from /proc/self/cmdline.
std::vector<std::string> command_line();

/// The program's short name (argv[0] without its folder).
std::string program_name();

/// This process's peak resident memory so far (VmHWM of /proc/self/status), in KiB; 0 when unknown.
std::uint64_t peak_resident_kib();

} // namespace tally::profiler
