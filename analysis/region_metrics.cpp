// SPDX-License-Identifier: BSD-3-Clause
// Repetition statistics of a region.
#include "analysis/region_metrics.hpp"

#include "tally/model/run_metrics.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace tally::analysis {
double median(std::span<const double> values) {
  // Ordered in a copy on the stack when it fits (a commit's repetitions, a window of medians, the
  // differences within a history): the gate and the change points take about a million medians for
  // a site of 2,000 runs, and a copy on the heap for each cost more than ordering it. Left
  // uninitialised: only the values' part is written and read.
  constexpr std::size_t on_stack = 128;
  std::array<double, on_stack> buffer;
  std::vector<double> heap;
  if (values.size() > on_stack) heap.resize(values.size());
  double* const first = values.size() > on_stack ? heap.data() : buffer.data();
  double* const last = std::copy(values.begin(), values.end(), first);
  // Partial ordering: linear rather than a sort.
  double* const middle = first + values.size() / 2;
  std::nth_element(first, middle, last);
  if (values.size() % 2 == 1) return *middle;
  return (*std::max_element(first, middle) + *middle) / 2.0;
}

std::vector<const model::RegionRaw*> region_raws(const Repetitions& repetitions, const std::string& region) {
  std::vector<const model::RegionRaw*> out;
  out.reserve(repetitions.size());
  for (const ingest::LoadedRun* run : repetitions) {
    if (const model::Region* found = model::find_region(run->document, region)) out.push_back(&found->raw);
  }
  return out;
}

const model::RegionRaw* representative_raw(std::vector<const model::RegionRaw*> raws) {
  if (raws.empty()) return nullptr;
  std::sort(raws.begin(), raws.end(), [](const auto* a, const auto* b) { return a->elapsed_ns < b->elapsed_ns; });
  return raws[(raws.size() - 1) / 2];
}

std::optional<std::string> region_parent(const Repetitions& repetitions, const std::string& region) {
  for (const ingest::LoadedRun* run : repetitions) {
    if (const model::Region* found = model::find_region(run->document, region)) return found->parent;
  }
  return std::nullopt;
}

namespace {

/// Each repetition's metrics of `region`, with the metrics across runs against `reference_of(k)`
/// for the k-th repetition that has the region, when it gives a reference.
template <class ReferenceOf>
std::vector<model::MetricValues> metrics_of_repetitions(const Repetitions& repetitions, const std::string& region,
                                                        model::Scaling scaling, ReferenceOf reference_of) {
  std::vector<model::MetricValues> out;
  out.reserve(repetitions.size()); // a run's values are large: growing would copy them
  for (const ingest::LoadedRun* run : repetitions) {
    const model::Region* found = model::find_region(run->document, region);
    if (!found) continue;
    const model::MetricValues own = model::compute_run_metrics(found->raw);
    const model::RegionRaw* reference = reference_of(out.size());
    out.push_back(reference ? model::compute_scalability(*reference, found->raw, own, scaling) : own);
  }
  return out;
}

} // namespace

std::vector<model::MetricValues> repetition_metrics(const Repetitions& repetitions, const std::string& region,
                                                    const model::RegionRaw* reference, model::Scaling scaling) {
  return metrics_of_repetitions(repetitions, region, scaling, [&](std::size_t) { return reference; });
}

std::vector<model::MetricValues> paired_repetition_metrics(const Repetitions& repetitions,
                                                           std::span<const model::RegionRaw* const> reference,
                                                           const std::string& region, model::Scaling scaling) {
  return metrics_of_repetitions(repetitions, region, scaling,
                                [&](std::size_t k) { return k < reference.size() ? reference[k] : nullptr; });
}

std::optional<MetricSummary> summarize_values(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  return MetricSummary{median(values), *low, *high, values.size()};
}

MetricSummaries summarize(const std::vector<model::MetricValues>& repetitions) {
  MetricSummaries out;
  std::vector<double> values; // one buffer for every metric: the site summarizes every cell
  values.reserve(repetitions.size());
  for (const model::MetricInfo& metric : model::metric_table()) {
    values.clear();
    for (const model::MetricValues& values_of_run : repetitions) {
      if (const auto value = values_of_run.get(metric.id)) values.push_back(*value);
    }
    out[static_cast<std::size_t>(metric.id)] = summarize_values(values);
  }
  return out;
}

model::MetricValues median_metrics(const std::vector<model::MetricValues>& repetitions) {
  model::MetricValues out;
  const MetricSummaries summaries = summarize(repetitions);
  for (const model::MetricInfo& info : model::metric_table()) {
    if (const auto& summary = summaries[static_cast<std::size_t>(info.id)]) out.set(info.id, summary->median);
  }
  return out;
}

ReferenceRuns reference_runs(const Experiment& experiment, std::size_t commit, const std::string& region,
                             std::size_t column) {
  const std::uint64_t frequency = experiment.configurations[column].cpu_frequency_khz;
  // Configurations are in increasing resources: the first at this frequency with the region.
  for (std::size_t candidate = 0; candidate < experiment.configurations.size(); ++candidate) {
    if (experiment.configurations[candidate].cpu_frequency_khz != frequency) continue;
    if (const Repetitions* repetitions = experiment.repetitions(commit, candidate)) {
      std::vector<const model::RegionRaw*> raws = region_raws(*repetitions, region);
      if (!raws.empty()) return {candidate, std::move(raws)};
    }
  }
  return {};
}

const model::RegionRaw* reference_raw(const Experiment& experiment, std::size_t commit, const std::string& region,
                                      std::size_t column) {
  return representative_raw(reference_runs(experiment, commit, region, column).raws);
}

} // namespace tally::analysis
