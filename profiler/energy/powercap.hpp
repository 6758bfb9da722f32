// SPDX-License-Identifier: BSD-3-Clause
// The energy counters of the Linux powercap interface (RAPL): which zones a machine has, reading
// their counters, and the energy between two readings across the counter's wrap-around. Plain
// C++ on a folder given by the caller, so that tests read a fake tree.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tally::profiler::energy {

/// What a zone measures, from its `name` file.
enum class Domain {
  package, ///< a CPU socket ("package-N"): cores, caches, memory controller
  dram,    ///< the memory attached to a package
  core,    ///< the cores of a package (part of package)
  uncore,  ///< a package's integrated GPU or uncore (part of package)
  psys,    ///< the whole platform, where the firmware reports it
  gpu,     ///< the GPUs, read through NVML (nvml.hpp), never a powercap zone
};

/// The name tally writes for a domain ("package", "dram", "core", "uncore", "psys", "gpu").
std::string_view domain_name(Domain domain);

/// One energy counter.
struct Zone {
  std::string id;   ///< the zone's folder, e.g. "intel-rapl:0:1"
  std::string name; ///< its `name`, e.g. "dram"
  Domain domain = Domain::package;
  std::uint64_t range_uj = 0;        ///< `max_energy_range_uj`: the counter wraps to 0 past it
  std::filesystem::path energy_file; ///< `energy_uj`
};

/// The zones of a powercap tree, and why the others cannot be used.
struct PowercapScan {
  std::vector<Zone> zones;           ///< readable counters, by folder name
  std::vector<std::string> problems; ///< one sentence per zone left out (unreadable, unknown name)
};

/// The RAPL zones under `root` (normally /sys/class/powercap): the folders "intel-rapl:N" and
/// "amd-rapl:N" ... and their sub-zones "intel-rapl:N:M", kept when their `energy_uj` can be
/// read. A missing root gives no zone and one problem.
PowercapScan scan_powercap(const std::filesystem::path& root);

/// A counter's value in microjoules; nullopt when it cannot be read now.
std::optional<std::uint64_t> read_energy_uj(const Zone& zone);

/// The energy between two readings of a counter that wraps past `range_uj`: exact when it
/// wrapped at most once between them (the reader samples often enough for that).
std::uint64_t energy_between(std::uint64_t before, std::uint64_t after, std::uint64_t range_uj);

} // namespace tally::profiler::energy
