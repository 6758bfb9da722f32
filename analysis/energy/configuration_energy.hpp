// SPDX-License-Identifier: BSD-3-Clause
// The energy of a region per repetition and per configuration, of one source: measured by sensors
// (the run document's energy) or estimated by the model from a node power profile. Which source a
// commit's table and chart take is decided here, once, so that none of them mixes the two.
#pragma once

#include "analysis/energy/pareto_front.hpp"
#include "analysis/experiment.hpp"
#include "analysis/region_metrics.hpp"

#include "tally/model/energy_estimate.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tally::analysis::energy {

/// Where a value of energy comes from. One table row, chart or line holds values of one source.
enum class Source { measured, model };

/// "measured" or "model estimate", as the site names a source.
std::string_view to_string(Source source);

/// One repetition of a region: its elapsed time and its energy to solution.
struct RunEnergy {
  std::uint64_t elapsed_ns = 0;
  std::uint64_t microjoules = 0;
};

/// The energy of `region` in each repetition that has it from `source`, in the repetitions' order:
/// measured, the region's record marked measured (model::energy_to_solution); model, the
/// estimate from `profile` (none without one) of each repetition that has the region, to the µJ.
/// A document's own `model` record is not used: every estimate the site shows is of one profile.
std::vector<RunEnergy> run_energies(const Repetitions& repetitions, const std::string& region, Source source,
                                    const model::NodePowerProfile* profile);

/// The source of `region`'s energy at `commit`: measured when a run of some configuration measured
/// it, else model when `profile` is given; none otherwise.
std::optional<Source> commit_energy_source(const Experiment& experiment, std::size_t commit, const std::string& region,
                                           const model::NodePowerProfile* profile);

/// Energy to solution (J) and average power (W, the energy over the region's elapsed time) over
/// repetitions: each run's value, then median and spread; watts absent when every run took no time.
struct EnergySummary {
  MetricSummary joules;
  std::optional<MetricSummary> watts;
};

/// None for no runs.
std::optional<EnergySummary> summarize_energy(const std::vector<RunEnergy>& runs);

/// One point per configuration that has energy of `source` for `region` at `commit`, in the
/// experiment's configuration order: among its repetitions with that energy, the one of median
/// elapsed time (the lower middle one for an even count), its seconds and joules.
std::vector<TimeEnergyPoint> time_energy_points(const Experiment& experiment, std::size_t commit,
                                                const std::string& region, Source source,
                                                const model::NodePowerProfile* profile);

} // namespace tally::analysis::energy
