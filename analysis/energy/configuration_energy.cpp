// SPDX-License-Identifier: BSD-3-Clause
// Energy per repetition and configuration, of one source (configuration_energy.hpp).
#include "analysis/energy/configuration_energy.hpp"

#include "tally/model/energy_to_solution.hpp"
#include "tally/model/energy_units.hpp"

#include <algorithm>
#include <cmath>

namespace tally::analysis::energy {
namespace {

std::optional<std::uint64_t> microjoules_of(const model::Region& region, Source source,
                                            const model::NodePowerProfile* profile) {
  if (source == Source::measured) {
    if (!region.energy || region.energy->source != "measured") return std::nullopt;
    const auto total = model::energy_to_solution(*region.energy);
    if (!total) return std::nullopt;
    return total->microjoules;
  }
  if (!profile) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(model::estimate_energy(region.raw, *profile).total_joules() * 1e6));
}

} // namespace

std::string_view to_string(Source source) { return source == Source::measured ? "measured" : "model estimate"; }

std::vector<RunEnergy> run_energies(const Repetitions& repetitions, const std::string& region, Source source,
                                    const model::NodePowerProfile* profile) {
  std::vector<RunEnergy> out;
  for (const ingest::LoadedRun* run : repetitions) {
    const model::Region* found = model::find_region(run->document, region);
    if (!found) continue;
    if (const auto microjoules = microjoules_of(*found, source, profile))
      out.push_back({found->raw.elapsed_ns, *microjoules});
  }
  return out;
}

std::optional<Source> commit_energy_source(const Experiment& experiment, std::size_t commit, const std::string& region,
                                           const model::NodePowerProfile* profile) {
  for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
    const Repetitions* runs = experiment.repetitions(commit, column);
    if (runs && !run_energies(*runs, region, Source::measured, nullptr).empty()) return Source::measured;
  }
  if (profile) return Source::model;
  return std::nullopt;
}

std::optional<EnergySummary> summarize_energy(const std::vector<RunEnergy>& runs) {
  std::vector<double> joules;
  std::vector<double> watts;
  for (const RunEnergy& run : runs) {
    joules.push_back(model::joules(run.microjoules));
    if (const auto power = model::average_watts(run.microjoules, run.elapsed_ns)) watts.push_back(*power);
  }
  const auto joules_summary = summarize_values(joules);
  if (!joules_summary) return std::nullopt;
  return EnergySummary{*joules_summary, summarize_values(watts)};
}

std::vector<TimeEnergyPoint> time_energy_points(const Experiment& experiment, std::size_t commit,
                                                const std::string& region, Source source,
                                                const model::NodePowerProfile* profile) {
  std::vector<TimeEnergyPoint> points;
  for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
    const Repetitions* runs = experiment.repetitions(commit, column);
    std::vector<RunEnergy> energies = runs ? run_energies(*runs, region, source, profile) : std::vector<RunEnergy>{};
    if (energies.empty()) continue;
    // The rule of representative_raw: the run of median elapsed time, time and energy of one run.
    std::ranges::stable_sort(energies, {}, &RunEnergy::elapsed_ns);
    const RunEnergy& median_run = energies[(energies.size() - 1) / 2];
    points.push_back({experiment.configurations[column].label(), static_cast<double>(median_run.elapsed_ns) * 1e-9,
                      model::joules(median_run.microjoules)});
  }
  return points;
}

} // namespace tally::analysis::energy
