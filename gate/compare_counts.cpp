// SPDX-License-Identifier: BSD-3-Clause
// The comparison of exact counts: no statistics, since a deterministic program makes the same
// calls in every run; the median only guards against a program whose runs disagree.
#include "gate/compare_counts.hpp"

#include "analysis/region_metrics.hpp"
#include "tally/model/region_counts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace tally::gate {
namespace {

/// The region's counts by name, when its run measured them.
std::optional<std::map<std::string, std::uint64_t>> counts_of(const model::RunDocument& document,
                                                              const std::string& region) {
  const model::Region* found = model::find_region(document, region);
  if (!found || (!found->raw.mpi && !found->raw.device_counts)) return std::nullopt;
  std::map<std::string, std::uint64_t> out{{"visits", found->visits}};
  if (found->raw.mpi) {
    const model::MpiRaw& mpi = *found->raw.mpi;
    out["mpi_calls"] = mpi.calls;
    out["mpi_calls_max"] = mpi.calls_max;
    // What was not recorded (an imported TALP run counts calls only) is left out.
    if (mpi.bytes_sent) out["mpi_bytes_sent"] = *mpi.bytes_sent;
    if (mpi.bytes_received) out["mpi_bytes_received"] = *mpi.bytes_received;
    if (mpi.collective_bytes) out["mpi_collective_bytes"] = *mpi.collective_bytes;
    for (std::size_t kind = 0; mpi.calls_by_kind && kind < model::mpi_call_kinds.size(); ++kind)
      out["mpi_calls_" + std::string(model::mpi_call_kinds[kind])] = (*mpi.calls_by_kind)[kind];
  }
  if (found->raw.device_counts) {
    const model::DeviceCountsRaw& device = *found->raw.device_counts;
    out["device_runtime_calls"] = device.runtime_calls;
    if (const auto& work = device.launches_and_copies) {
      out["device_kernel_launches"] = work->kernel_launches;
      out["device_kernel_launches_max"] = work->kernel_launches_max;
      for (std::size_t direction = 0; direction < model::device_copy_directions.size(); ++direction) {
        const std::string name(model::device_copy_directions[direction]);
        out["device_copies_" + name] = work->copies[direction];
        out["device_copy_bytes_" + name] = work->copy_bytes[direction];
      }
    }
  }
  return out;
}

/// The median of integers, the lower middle one for an even count: a count stays a count.
std::uint64_t median(std::vector<std::uint64_t> values) {
  std::sort(values.begin(), values.end());
  return values[(values.size() - 1) / 2];
}

/// Each count's median over the runs, for the counts every run measured; empty when a run did
/// not measure the region's counts.
std::map<std::string, std::uint64_t> medians(const analysis::Repetitions& runs, const std::string& region) {
  std::map<std::string, std::vector<std::uint64_t>> values;
  for (const analysis::ingest::LoadedRun* run : runs) {
    const auto counts = counts_of(run->document, region);
    if (!counts) return {};
    for (const auto& [name, value] : *counts)
      values[name].push_back(value);
  }
  std::map<std::string, std::uint64_t> out;
  for (auto& [name, list] : values) {
    if (list.size() == runs.size()) out[name] = median(std::move(list));
  }
  return out;
}

/// A count per visit as people read it: whole numbers in full (a change of one call in millions
/// shows), others with at most two decimals.
std::string number(double value) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2f", value);
  std::string out = text;
  out.erase(out.find_last_not_of('0') + 1);
  if (out.back() == '.') out.pop_back();
  return out;
}

/// The visits a count is read per: every process's for a count summed over them, one process's
/// (the average) for the most of one process, such as mpi_calls_max.
double visits_of(const CountChange& change) {
  const auto visits = static_cast<double>(change.baseline_visits);
  const bool most_of_one_process = change.count.ends_with("_max");
  return most_of_one_process ? visits / static_cast<double>(std::max<std::uint64_t>(change.configuration.ranks, 1))
                             : visits;
}

} // namespace

std::vector<std::string> count_names() {
  std::vector<std::string> out{"mpi_calls"};
  for (const std::string_view kind : model::mpi_call_kinds)
    out.push_back("mpi_calls_" + std::string(kind));
  out.insert(out.end(), {"mpi_calls_max", "mpi_bytes_sent", "mpi_bytes_received", "mpi_collective_bytes",
                         "device_runtime_calls", "device_kernel_launches", "device_kernel_launches_max"});
  for (const std::string_view direction : model::device_copy_directions)
    out.push_back("device_copies_" + std::string(direction));
  for (const std::string_view direction : model::device_copy_directions)
    out.push_back("device_copy_bytes_" + std::string(direction));
  return out;
}

CountComparison compare_counts(const std::string& experiment, const analysis::Configuration& configuration,
                               const analysis::Repetitions& baseline, const analysis::Repetitions& candidate,
                               const std::string& region, const GateConfig& config) {
  const auto before = medians(baseline, region);
  const auto after = medians(candidate, region);
  if (before.empty() || after.empty()) return {};
  CountComparison out{true, {}};
  for (const std::string& name : count_names()) {
    if (!before.contains(name) || !after.contains(name)) continue;
    const std::uint64_t old_value = before.at(name), new_value = after.at(name);
    const CountRule rule = count_rule_for(config, region, name);
    const double allowed = rule.tolerance_percent / 100.0 * static_cast<double>(old_value);
    const double moved = std::abs(static_cast<double>(new_value) - static_cast<double>(old_value));
    if (rule.ignored || old_value == new_value || moved <= allowed) continue;
    CountChange change{experiment,       region,        configuration,       name,
                       old_value,        new_value,     before.at("visits"), after.at("visits"),
                       Verdict::changed, rule.direction};
    change.parent = analysis::region_parent(candidate, region);
    out.changes.push_back(std::move(change));
  }
  return out;
}

std::string describe(const CountChange& change) {
  const auto old_value = static_cast<double>(change.baseline), new_value = static_cast<double>(change.candidate);
  const double delta = new_value - old_value;
  if (change.per_visit()) {
    const double visits = visits_of(change);
    const double per_visit = delta / visits;
    return change.count + " " + number(old_value / visits) + " \u2192 " + number(new_value / visits) + " per visit (" +
           (per_visit > 0 ? "+" : "") + number(per_visit) + ")";
  }
  return change.count + " " + number(old_value) + " \u2192 " + number(new_value) + " (visits " +
         std::to_string(change.baseline_visits) + " \u2192 " + std::to_string(change.candidate_visits) + ")";
}

} // namespace tally::gate
