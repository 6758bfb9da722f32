// SPDX-License-Identifier: BSD-3-Clause
// Checks tally's document of a bench/gpu run against the program's own timings. From the
// timings file (README.md, "Timings file") it builds each region's raw aggregates as tally
// should have measured them, computes both sets of efficiencies with the model's formulas, and
// prints one Markdown row per efficiency: expected, measured, and whether they agree within the
// tolerance. Usage: gpu_check TIMINGS_FILE DOCUMENT [TOLERANCE=0.03]. Exit 0 when every
// efficiency agrees, 1 on a miss, 2 on bad input.
#include "tally/model/document_io.hpp"
#include "tally/model/run_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace tally::model;

using Interval = std::pair<std::uint64_t, std::uint64_t>;

/// One region visit as the program measured it: host times, and device intervals in ns.
struct Visit {
  std::uint64_t elapsed_ns = 0;
  std::uint64_t offload_ns = 0;
  std::vector<Interval> kernels;
  std::vector<Interval> memory;
};

/// Merged, sorted, disjoint intervals. Written here, not taken from the profiler: the checker
/// must not share the code it checks.
std::vector<Interval> merged(std::vector<Interval> intervals) {
  std::sort(intervals.begin(), intervals.end());
  std::vector<Interval> out;
  for (const Interval& interval : intervals) {
    if (!out.empty() && interval.first <= out.back().second) {
      out.back().second = std::max(out.back().second, interval.second);
    } else {
      out.push_back(interval);
    }
  }
  return out;
}

std::uint64_t length(const std::vector<Interval>& disjoint) {
  std::uint64_t total = 0;
  for (const auto& [begin, end] : disjoint)
    total += end - begin;
  return total;
}

/// The length of `a` covered by `b`, both merged.
std::uint64_t overlap(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  std::uint64_t total = 0;
  for (const auto& [a_begin, a_end] : a) {
    for (const auto& [b_begin, b_end] : b) {
      const std::uint64_t begin = std::max(a_begin, b_begin);
      const std::uint64_t end = std::min(a_end, b_end);
      if (begin < end) total += end - begin;
    }
  }
  return total;
}

/// Region name to its visits, in file order. Throws std::runtime_error naming the line.
std::map<std::string, std::vector<Visit>> read_timings(const std::string& path, bool& used_device) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the timings file");
  std::map<std::string, std::vector<Visit>> regions;
  Visit* visit = nullptr;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string kind;
    std::string name;
    std::uint64_t first = 0;
    std::uint64_t second = 0;
    fields >> kind;
    const bool is_visit = kind == "visit";
    if (is_visit) fields >> name;
    fields >> first >> second;
    std::string rest;
    const auto where = path + ":" + std::to_string(number) + ": ";
    if (!fields || fields >> rest) throw std::runtime_error(where + "cannot read \"" + line + "\"");
    if (is_visit) {
      if (second > first) throw std::runtime_error(where + "offload time exceeds the visit's elapsed time");
      visit = &regions[name].emplace_back(Visit{first, second, {}, {}});
    } else if (kind == "kernel" || kind == "memory") {
      if (!visit) throw std::runtime_error(where + "a device operation before any visit");
      if (second < first) throw std::runtime_error(where + "an operation that ends before it begins");
      (kind == "kernel" ? visit->kernels : visit->memory).emplace_back(first, second);
      used_device = true;
    } else {
      throw std::runtime_error(where + "unknown line kind \"" + kind + "\"");
    }
  }
  if (regions.empty()) throw std::runtime_error(path + ": no visit");
  return regions;
}

/// What tally should have measured of a region of one single-threaded process without MPI: T is
/// the sum of its visits, W the time in CUDA calls, U the rest. On its one device, per visit, K
/// is the union of the kernels and D the union of the memory operations outside them (the
/// program waits for its operations before a visit ends, so each lies inside its visit).
RegionRaw expected_raw(const std::vector<Visit>& visits, bool used_device) {
  RegionRaw raw;
  raw.processes = 1;
  raw.nodes = 1;
  raw.busiest_node_processes = 1;
  DeviceRaw device{.devices = 1};
  std::uint64_t offload = 0;
  for (const Visit& visit : visits) {
    raw.elapsed_ns += visit.elapsed_ns;
    offload += visit.offload_ns;
    const auto kernels = merged(visit.kernels);
    const auto memory = merged(visit.memory);
    device.kernel_ns += length(kernels);
    device.memory_ns += length(memory) - overlap(memory, kernels);
  }
  raw.offload_ns = offload;
  raw.useful_ns = raw.elapsed_ns - offload;
  raw.outside_mpi_max_ns = raw.elapsed_ns;
  raw.busiest_node_outside_mpi_ns = raw.elapsed_ns;
  device.kernel_max_ns = device.kernel_ns;
  device.active_max_ns = device.kernel_ns + device.memory_ns;
  if (used_device) raw.device = device;
  return raw;
}

std::string format(std::optional<double> value) {
  if (!value) return "absent";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", *value);
  return text;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr << "usage: gpu_check TIMINGS_FILE DOCUMENT [TOLERANCE=0.03]\n";
    return 2;
  }
  const double tolerance = argc == 4 ? std::atof(argv[3]) : 0.03;
  if (!(tolerance > 0.0)) {
    std::cerr << "gpu_check: tolerance " << argv[3] << " is not a positive number\n";
    return 2;
  }
  bool used_device = false;
  std::map<std::string, std::vector<Visit>> timings;
  try {
    timings = read_timings(argv[1], used_device);
  } catch (const std::runtime_error& error) {
    std::cerr << "gpu_check: " << error.what() << '\n';
    return 2;
  }
  const ReadResult document = load_run_document(argv[2]);
  if (const auto* problems = std::get_if<Problems>(&document)) {
    for (const Problem& problem : *problems)
      std::cerr << "gpu_check: " << to_string(problem) << '\n';
    return 2;
  }
  int misses = 0;
  for (const auto& region_timings : timings) {
    const std::string& name = region_timings.first;
    const auto& regions = std::get<RunDocument>(document).regions;
    const auto region = std::find_if(regions.begin(), regions.end(), [&](const Region& r) { return r.name == name; });
    if (region == regions.end()) {
      std::cout << "| " << name << " | (region) | present | absent | MISS |\n";
      ++misses;
      continue;
    }
    const MetricValues expected = compute_run_metrics(expected_raw(region_timings.second, used_device));
    const MetricValues measured = compute_run_metrics(region->raw);
    for (const MetricInfo& metric : metric_table()) {
      if (metric.kind != MetricKind::efficiency || metric.scope != MetricScope::run || !expected.has(metric.id)) {
        continue;
      }
      const auto value = measured.get(metric.id);
      const bool agrees = value && std::fabs(*value - *expected.get(metric.id)) <= tolerance;
      if (!agrees) ++misses;
      std::cout << "| " << name << " | " << metric.key << " | " << format(expected.get(metric.id)) << " | "
                << format(value) << " | " << (agrees ? "ok" : "MISS") << " |\n";
    }
  }
  return misses == 0 ? 0 : 1;
}
