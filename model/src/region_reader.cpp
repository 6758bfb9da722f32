// SPDX-License-Identifier: BSD-3-Clause
// Reads regions: name, visits, raw aggregates (with their optional OpenMP, counter, device and
// OpenACC groups), stored metrics and the opt-in per-rank detail.
#include "region_reader.hpp"

#include "energy_reader.hpp"
#include "openacc_reader.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace tally::model::detail {
namespace {

constexpr auto required = Presence::required;
constexpr auto optional = Presence::optional;

std::optional<OpenMpRaw> read_openmp(const Json& raw, const Pointer& at, JsonChecker& checker) {
  const Json* group = checker.object_member(raw, at, "openmp", optional);
  if (!group) return std::nullopt;
  const Pointer here = at / "openmp";
  checker.reject_unknown(*group, here,
                         {"load_imbalance_ns", "scheduling_ns", "serialization_ns", "parallels", "tasks"});
  OpenMpRaw openmp;
  openmp.load_imbalance_ns = checker.count_member(*group, here, "load_imbalance_ns", required).value_or(0);
  openmp.scheduling_ns = checker.count_member(*group, here, "scheduling_ns", required).value_or(0);
  openmp.serialization_ns = checker.count_member(*group, here, "serialization_ns", required).value_or(0);
  openmp.parallels = checker.count_member(*group, here, "parallels", optional);
  openmp.tasks = checker.count_member(*group, here, "tasks", optional);
  return openmp;
}

std::optional<CounterRaw> read_counters(const Json& raw, const Pointer& at, JsonChecker& checker) {
  const Json* group = checker.object_member(raw, at, "counters", optional);
  if (!group) return std::nullopt;
  const Pointer here = at / "counters";
  checker.reject_unknown(*group, here, {"useful_instructions", "useful_cycles"});
  CounterRaw counters;
  counters.useful_instructions = checker.count_member(*group, here, "useful_instructions", required).value_or(0);
  counters.useful_cycles = checker.count_member(*group, here, "useful_cycles", required).value_or(0);
  return counters;
}

constexpr std::array device_time_keys{"devices", "kernel_ns", "kernel_max_ns", "memory_ns", "active_max_ns"};
constexpr std::array launch_and_copy_keys{"kernel_launches", "kernel_launches_max", "copies", "copy_bytes"};
constexpr std::array device_count_keys{"runtime_calls", "kernel_launches", "kernel_launches_max",
                                       "copies",        "copy_bytes",      "runtime"};

/// Whether `group` holds any of `keys`: then it must hold them all.
template <std::size_t N> bool holds_any(const Json& group, const std::array<const char*, N>& keys) {
  return std::any_of(keys.begin(), keys.end(), [&](const char* key) { return group.contains(key); });
}

DeviceRaw read_device_times(const Json& group, const Pointer& here, JsonChecker& checker) {
  DeviceRaw device;
  device.devices = checker.count_member(group, here, "devices", required).value_or(0);
  device.kernel_ns = checker.count_member(group, here, "kernel_ns", required).value_or(0);
  device.kernel_max_ns = checker.count_member(group, here, "kernel_max_ns", required).value_or(0);
  device.memory_ns = checker.count_member(group, here, "memory_ns", required).value_or(0);
  device.active_max_ns = checker.count_member(group, here, "active_max_ns", required).value_or(0);
  if (device.kernel_max_ns > device.active_max_ns) {
    checker.fail(here / "kernel_max_ns", "larger than active_max_ns (kernel time is part of active time)");
  }
  return device;
}

LaunchesAndCopies::ByDirection read_directions(const Json& group, const Pointer& at, const char* key,
                                               JsonChecker& checker) {
  LaunchesAndCopies::ByDirection out{};
  const Json* directions = checker.object_member(group, at, key, required);
  if (!directions) return out;
  const Pointer here = at / key;
  for (const auto& [name, value] : directions->items()) {
    if (std::find(device_copy_directions.begin(), device_copy_directions.end(), name) == device_copy_directions.end()) {
      checker.fail(here / name, "unknown direction of a device copy");
    }
  }
  for (std::size_t direction = 0; direction < device_copy_directions.size(); ++direction)
    out[direction] =
        checker.count_member(*directions, here, std::string(device_copy_directions[direction]), required).value_or(0);
  return out;
}

LaunchesAndCopies read_launches_and_copies(const Json& group, const Pointer& here, JsonChecker& checker) {
  LaunchesAndCopies work;
  work.kernel_launches = checker.count_member(group, here, "kernel_launches", required).value_or(0);
  work.kernel_launches_max = checker.count_member(group, here, "kernel_launches_max", required).value_or(0);
  work.copies = read_directions(group, here, "copies", checker);
  work.copy_bytes = read_directions(group, here, "copy_bytes", checker);
  if (work.kernel_launches_max > work.kernel_launches) {
    checker.fail(here / "kernel_launches_max", "larger than kernel_launches");
  }
  return work;
}

std::optional<DeviceRuntime> read_device_runtime(const Json& group, const Pointer& here, JsonChecker& checker) {
  const auto name = checker.string_member(group, here, "runtime", optional);
  if (!name) return std::nullopt;
  const auto known = std::find(device_runtime_names.begin(), device_runtime_names.end(), *name);
  if (known == device_runtime_names.end()) {
    checker.fail(here / "runtime", "expected \"cuda\" or \"hip\", got \"" + *name + "\"");
    return std::nullopt;
  }
  return static_cast<DeviceRuntime>(known - device_runtime_names.begin());
}

DeviceCountsRaw read_device_counts(const Json& group, const Pointer& here, JsonChecker& checker) {
  DeviceCountsRaw counts;
  counts.runtime_calls = checker.count_member(group, here, "runtime_calls", required).value_or(0);
  if (holds_any(group, launch_and_copy_keys))
    counts.launches_and_copies = read_launches_and_copies(group, here, checker);
  counts.runtime = read_device_runtime(group, here, checker);
  return counts;
}

/// raw.device: the device times and the device runtime's counts, two groups that are each present
/// whole.
void read_device(const Json& raw, const Pointer& at, JsonChecker& checker, RegionRaw& out) {
  const Json* group = checker.object_member(raw, at, "device", optional);
  if (!group) return;
  const Pointer here = at / "device";
  checker.reject_unknown(*group, here,
                         {"devices", "kernel_ns", "kernel_max_ns", "memory_ns", "active_max_ns", "runtime_calls",
                          "kernel_launches", "kernel_launches_max", "copies", "copy_bytes", "runtime"});
  if (holds_any(*group, device_time_keys)) out.device = read_device_times(*group, here, checker);
  if (holds_any(*group, device_count_keys)) out.device_counts = read_device_counts(*group, here, checker);
  if (!out.device && !out.device_counts) checker.fail(here, "holds neither device times nor CUDA counts");
}

std::optional<MpiRaw::ByKind> read_calls_by_kind(const Json& group, const Pointer& at, std::uint64_t calls,
                                                 JsonChecker& checker) {
  const Json* kinds = checker.object_member(group, at, "calls_by_kind", optional);
  if (!kinds) return std::nullopt;
  const Pointer here = at / "calls_by_kind";
  for (const auto& [key, value] : kinds->items()) {
    if (std::find(mpi_call_kinds.begin(), mpi_call_kinds.end(), key) == mpi_call_kinds.end()) {
      checker.fail(here / key, "unknown kind of MPI call");
    }
  }
  MpiRaw::ByKind out{};
  std::uint64_t total = 0;
  bool complete = true; // a missing kind is its own problem, not a wrong sum
  for (std::size_t kind = 0; kind < mpi_call_kinds.size(); ++kind) {
    const auto count = checker.count_member(*kinds, here, std::string(mpi_call_kinds[kind]), required);
    complete = complete && count.has_value();
    out[kind] = count.value_or(0);
    total += out[kind];
  }
  if (complete && total != calls) checker.fail(here, "the calls by kind do not add up to calls");
  return out;
}

std::optional<MpiRaw> read_mpi(const Json& raw, const Pointer& at, JsonChecker& checker) {
  const Json* group = checker.object_member(raw, at, "mpi", optional);
  if (!group) return std::nullopt;
  const Pointer here = at / "mpi";
  checker.reject_unknown(*group, here,
                         {"calls", "calls_max", "calls_by_kind", "bytes_sent", "bytes_received", "collective_bytes"});
  MpiRaw mpi;
  mpi.calls = checker.count_member(*group, here, "calls", required).value_or(0);
  mpi.calls_max = checker.count_member(*group, here, "calls_max", required).value_or(0);
  mpi.calls_by_kind = read_calls_by_kind(*group, here, mpi.calls, checker);
  mpi.bytes_sent = checker.count_member(*group, here, "bytes_sent", optional);
  mpi.bytes_received = checker.count_member(*group, here, "bytes_received", optional);
  mpi.collective_bytes = checker.count_member(*group, here, "collective_bytes", optional);
  if (mpi.calls_max > mpi.calls) checker.fail(here / "calls_max", "larger than calls");
  return mpi;
}

RegionRaw read_raw(const Json& raw, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(raw, at,
                         {"processes", "threads_per_process", "nodes", "elapsed_ns", "useful_ns", "mpi_ns",
                          "offload_ns", "outside_mpi_max_ns", "busiest_node_outside_mpi_ns", "busiest_node_processes",
                          "mpi", "openmp", "counters", "device", "openacc"});
  RegionRaw out;
  out.processes = checker.count_member(raw, at, "processes", required).value_or(0);
  out.threads_per_process = checker.count_member(raw, at, "threads_per_process", required).value_or(1);
  out.nodes = checker.count_member(raw, at, "nodes", required).value_or(0);
  out.elapsed_ns = checker.count_member(raw, at, "elapsed_ns", required).value_or(0);
  out.useful_ns = checker.count_member(raw, at, "useful_ns", required).value_or(0);
  out.mpi_ns = checker.count_member(raw, at, "mpi_ns", required).value_or(0);
  out.offload_ns = checker.count_member(raw, at, "offload_ns", optional);
  out.outside_mpi_max_ns = checker.count_member(raw, at, "outside_mpi_max_ns", required).value_or(0);
  out.busiest_node_outside_mpi_ns = checker.count_member(raw, at, "busiest_node_outside_mpi_ns", required).value_or(0);
  out.busiest_node_processes = checker.count_member(raw, at, "busiest_node_processes", required).value_or(0);
  out.mpi = read_mpi(raw, at, checker);
  out.openmp = read_openmp(raw, at, checker);
  out.counters = read_counters(raw, at, checker);
  read_device(raw, at, checker, out);
  out.openacc = read_openacc(raw, at, checker);

  if (out.threads_per_process == 0) checker.fail(at / "threads_per_process", "must be at least 1");
  if (out.busiest_node_processes > out.processes) {
    checker.fail(at / "busiest_node_processes", "larger than processes");
  }
  if (out.nodes > out.processes) checker.fail(at / "nodes", "larger than processes");
  return out;
}

/// Checks the stored metrics without keeping them: every reader recomputes them from raw, and
/// holding them cost a run 400 bytes per region.
void check_metrics(const Json& metrics, const Pointer& at, JsonChecker& checker) {
  for (const auto& [key, value] : metrics.items()) {
    const auto id = metric_from_key(key);
    if (!id) {
      checker.fail(at / key, "unknown metric");
    } else if (metric_info(*id).scope == MetricScope::across_runs) {
      checker.fail(at / key, "needs a reference run and is not stored in a run document");
    } else if (metric_info(*id).scope == MetricScope::energy) {
      checker.fail(at / key, "is the region's energy, stored as its energy, not among its metrics");
    } else if (!value.is_number() || !std::isfinite(value.get<double>())) {
      checker.fail(at / key, "expected a finite number, got " + describe_type(value));
    }
  }
}

std::vector<RankRecord> read_per_rank(const Json& ranks, const Pointer& at, JsonChecker& checker) {
  std::vector<RankRecord> out;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const Pointer here = at / i;
    if (!checker.expect_object(ranks[i], here)) continue;
    const Json& rank = ranks[i];
    checker.reject_unknown(rank, here, {"rank", "node", "visits", "elapsed_ns", "useful_ns", "mpi_ns", "offload_ns"});
    RankRecord record;
    record.rank = checker.count_member(rank, here, "rank", required).value_or(0);
    record.node = checker.count_member(rank, here, "node", required).value_or(0);
    record.visits = checker.count_member(rank, here, "visits", required).value_or(0);
    record.elapsed_ns = checker.count_member(rank, here, "elapsed_ns", required).value_or(0);
    record.useful_ns = checker.count_member(rank, here, "useful_ns", required).value_or(0);
    record.mpi_ns = checker.count_member(rank, here, "mpi_ns", required).value_or(0);
    record.offload_ns = checker.count_member(rank, here, "offload_ns", optional);
    out.push_back(record);
  }
  return out;
}

std::vector<std::string> read_names(const Json& names, const Pointer& at, JsonChecker& checker) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].is_string() && !names[i].get<std::string>().empty()) {
      out.push_back(names[i].get<std::string>());
    } else {
      checker.fail(at / i, "expected a region name, got " + describe_type(names[i]));
    }
  }
  return out;
}

/// Whether every parent `region` names is another region of the document (in `by_name`).
bool parents_exist(const Region& region, const std::map<std::string, const Region*>& by_name, const Pointer& at,
                   JsonChecker& checker) {
  std::vector<std::string> named = region.other_parents;
  if (region.parent) named.insert(named.begin(), *region.parent);
  for (const std::string& parent : named) {
    if (parent == region.name || !by_name.contains(parent)) {
      checker.fail(at / "parent", "\"" + parent + "\" is not another region of this document");
      return false;
    }
  }
  if (!region.other_parents.empty() && !region.parent) checker.fail(at / "other_parents", "listed without a parent");
  return true;
}

/// Every parent names another region of the document and following parents never comes back
/// to where it started: the regions form a tree (a forest in documents without Global).
void check_tree(const std::vector<Region>& regions, const Pointer& at, JsonChecker& checker) {
  std::map<std::string, const Region*> by_name;
  for (const Region& region : regions)
    by_name[region.name] = &region;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    if (!parents_exist(regions[i], by_name, at / i, checker)) continue;
    const Region* step = &regions[i];
    for (std::size_t depth = 0; step->parent && by_name.contains(*step->parent); ++depth) {
      step = by_name.at(*step->parent);
      if (step == &regions[i]) {
        checker.fail(at / i / "parent", "the parents of \"" + regions[i].name + "\" form a cycle");
        break;
      }
      if (depth > regions.size()) break; // a cycle further up, reported for its own regions
    }
  }
}

} // namespace

std::vector<Region> read_regions(const Json& regions, const Pointer& at, JsonChecker& checker) {
  std::vector<Region> out;
  std::set<std::string> names;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const Pointer here = at / i;
    if (!checker.expect_object(regions[i], here)) continue;
    const Json& region = regions[i];
    checker.reject_unknown(region, here,
                           {"name", "parent", "other_parents", "visits", "raw", "metrics", "per_rank", "energy"});
    Region record;
    record.name = checker.string_member(region, here, "name", required).value_or("");
    if (record.name.empty() && region.contains("name")) checker.fail(here / "name", "must not be empty");
    if (!record.name.empty() && !names.insert(record.name).second) {
      checker.fail(here / "name", "region \"" + record.name + "\" appears twice");
    }
    record.parent = checker.string_member(region, here, "parent", optional);
    if (const Json* others = checker.array_member(region, here, "other_parents", optional)) {
      record.other_parents = read_names(*others, here / "other_parents", checker);
    }
    record.visits = checker.count_member(region, here, "visits", required).value_or(0);
    if (const Json* raw = checker.object_member(region, here, "raw", required)) {
      record.raw = read_raw(*raw, here / "raw", checker);
    }
    if (const Json* metrics = checker.object_member(region, here, "metrics", required)) {
      check_metrics(*metrics, here / "metrics", checker);
    }
    if (const Json* ranks = checker.array_member(region, here, "per_rank", optional)) {
      record.per_rank = read_per_rank(*ranks, here / "per_rank", checker);
    }
    if (const Json* energy = checker.object_member(region, here, "energy", optional)) {
      record.energy = read_region_energy(*energy, here / "energy", checker);
    }
    out.push_back(std::move(record));
  }
  check_tree(out, at, checker);
  return out;
}

} // namespace tally::model::detail
