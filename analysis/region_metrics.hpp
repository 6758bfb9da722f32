// SPDX-License-Identifier: BSD-3-Clause
// The metrics of one region over the repetitions of one cell (commit × configuration): each
// repetition's metrics, scalability relative to the reference configuration, and their median
// and spread. Every formula is the model's; this file only chooses inputs and summarises.
#pragma once

#include "analysis/experiment.hpp"

#include "tally/model/metric_values.hpp"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tally::analysis {

/// Median and spread of one metric over repetitions.
struct MetricSummary {
  double median = 0;
  double min = 0;
  double max = 0;
  std::size_t count = 0;
};

using MetricSummaries = std::array<std::optional<MetricSummary>, model::metric_count>;

/// The raw aggregates of `region` in each repetition that has it, in the repetitions' order: the
/// region looked up once per run.
std::vector<const model::RegionRaw*> region_raws(const Repetitions& repetitions, const std::string& region);

/// Of the raw aggregates of a region in some repetitions, those of median elapsed time (the lower
/// middle one for an even count): the reference a scalability is computed against. nullptr for none.
const model::RegionRaw* representative_raw(std::vector<const model::RegionRaw*> raws);

/// The parent of `region` in the region tree (model/region_tree.hpp), as the first repetition
/// holding the region records it; nullopt for Global and for runs that record no tree (DLB TALP's).
std::optional<std::string> region_parent(const Repetitions& repetitions, const std::string& region);

/// Each repetition's metrics of `region`, with scalability metrics when `reference` is given.
std::vector<model::MetricValues> repetition_metrics(const Repetitions& repetitions, const std::string& region,
                                                    const model::RegionRaw* reference, model::Scaling scaling);

/// Each repetition's metrics of `region`, the metrics across runs of the k-th repetition against
/// the k-th of `reference` (the region's raw aggregates in the reference configuration's runs of
/// the same commit, ReferenceRuns::raws), while it has one: every ratio then carries the noise of
/// two runs, as the next commit's will, where one reference run shared by all repetitions would
/// make a commit's noise look smaller than its median's (the gate learns noise from the repetitions).
std::vector<model::MetricValues> paired_repetition_metrics(const Repetitions& repetitions,
                                                           std::span<const model::RegionRaw* const> reference,
                                                           const std::string& region, model::Scaling scaling);

/// Median, minimum and maximum of `values` (one per repetition); none for no values.
std::optional<MetricSummary> summarize_values(const std::vector<double>& values);

/// Median, minimum and maximum of every metric present in at least one repetition.
MetricSummaries summarize(const std::vector<model::MetricValues>& repetitions);

/// The median of every metric present in at least one repetition: a region's medians, for attribution.
model::MetricValues median_metrics(const std::vector<model::MetricValues>& repetitions);

/// The median of values (the mean of the two middle ones for an even count); values must not be empty.
double median(std::span<const double> values);

/// The reference of configuration `column` at a commit: the configuration with the fewest
/// resources at the same CPU frequency (or none said) that has the region. Runs at another
/// frequency are another study: a scaling efficiency compares resources, not clock speeds.
const model::RegionRaw* reference_raw(const Experiment& experiment, std::size_t commit, const std::string& region,
                                      std::size_t column);

/// That reference configuration's column, and the region's raw aggregates in its runs (region_raws);
/// no raws when no configuration has the region.
struct ReferenceRuns {
  std::size_t column = 0;
  std::vector<const model::RegionRaw*> raws;
};
ReferenceRuns reference_runs(const Experiment& experiment, std::size_t commit, const std::string& region,
                             std::size_t column);

} // namespace tally::analysis
