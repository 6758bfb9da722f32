// SPDX-License-Identifier: BSD-3-Clause
// Scanning and reading a powercap tree: each zone is a folder with `name`, `energy_uj` and
// `max_energy_range_uj`; sub-zones are folders named after their parent plus ":M".
#include "energy/powercap.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <utility>

namespace tally::profiler::energy {
namespace {

std::optional<std::string> first_line(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

std::optional<std::uint64_t> number_in(const std::filesystem::path& file) {
  const std::optional<std::string> line = first_line(file);
  if (!line || line->empty() || line->find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  try {
    return std::stoull(*line);
  } catch (const std::out_of_range&) {
    return std::nullopt;
  }
}

std::optional<Domain> domain_of(const std::string& name) {
  if (name.starts_with("package-")) return Domain::package;
  constexpr std::array<std::pair<std::string_view, Domain>, 4> named{
      {{"dram", Domain::dram}, {"core", Domain::core}, {"uncore", Domain::uncore}, {"psys", Domain::psys}}};
  for (const auto& [text, domain] : named)
    if (name == text) return domain;
  return std::nullopt;
}

bool is_rapl_zone(const std::string& folder) {
  return folder.starts_with("intel-rapl:") || folder.starts_with("amd-rapl:");
}

} // namespace

std::string_view domain_name(Domain domain) {
  switch (domain) {
  case Domain::package: return "package";
  case Domain::dram: return "dram";
  case Domain::core: return "core";
  case Domain::uncore: return "uncore";
  case Domain::psys: return "psys";
  case Domain::gpu: return "gpu";
  }
  return "package";
}

PowercapScan scan_powercap(const std::filesystem::path& root) {
  PowercapScan scan;
  std::error_code error;
  std::vector<std::filesystem::path> folders;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    if (is_rapl_zone(entry.path().filename().string())) folders.push_back(entry.path());
  }
  if (error) {
    scan.problems.push_back(root.string() + ": " + error.message());
    return scan;
  }
  // Sub-zones appear under their parent too ("intel-rapl:0/intel-rapl:0:0"); the top-level
  // links are enough, and a tree that lists sub-zones only under their parent is searched there.
  for (const std::filesystem::path& folder : std::vector(folders)) {
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
      const std::string sub = entry.path().filename().string();
      if (is_rapl_zone(sub) &&
          std::none_of(folders.begin(), folders.end(), [&](const auto& known) { return known.filename() == sub; }))
        folders.push_back(entry.path());
    }
  }
  std::sort(folders.begin(), folders.end(), [](const auto& a, const auto& b) { return a.filename() < b.filename(); });
  for (const std::filesystem::path& folder : folders) {
    Zone zone{folder.filename().string(), first_line(folder / "name").value_or(""), Domain::package, 0,
              folder / "energy_uj"};
    const std::optional<Domain> domain = domain_of(zone.name);
    const std::optional<std::uint64_t> range = number_in(folder / "max_energy_range_uj");
    if (!domain) {
      scan.problems.push_back(zone.id + ": unknown zone name \"" + zone.name + "\"");
      continue;
    }
    if (!range || *range == 0) {
      scan.problems.push_back(zone.id + " (" + zone.name + "): no max_energy_range_uj");
      continue;
    }
    errno = 0;
    if (!number_in(zone.energy_file)) {
      const int reason = errno;
      scan.problems.push_back(zone.id + " (" + zone.name + "): energy_uj is not readable (" +
                              (reason != 0 ? std::strerror(reason) : "not a number") +
                              "; since Linux 5.10 only root may read it)");
      continue;
    }
    zone.domain = *domain;
    zone.range_uj = *range;
    scan.zones.push_back(std::move(zone));
  }
  return scan;
}

std::optional<std::uint64_t> read_energy_uj(const Zone& zone) { return number_in(zone.energy_file); }

std::uint64_t energy_between(std::uint64_t before, std::uint64_t after, std::uint64_t range_uj) {
  return after >= before ? after - before : range_uj - before + after;
}

} // namespace tally::profiler::energy
