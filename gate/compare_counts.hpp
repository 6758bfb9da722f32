// SPDX-License-Identifier: BSD-3-Clause
// Exact counts, baseline against candidate: a count (MPI calls by kind, bytes) that changed is a
// finding whatever the noise of the times, unless a rule gives it a tolerance (rules.hpp).
#pragma once

#include "gate/rules.hpp"
#include "gate/verdict.hpp"

#include "analysis/configuration.hpp"
#include "analysis/experiment.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::gate {

/// One count of one region at one configuration that changed.
struct CountChange {
  std::string experiment;
  std::string region;
  analysis::Configuration configuration;
  std::string count;           ///< "mpi_calls", "mpi_calls_collective", "device_kernel_launches", ... (count_names)
  std::uint64_t baseline = 0;  ///< the median over the baseline's runs (equal in every run of a deterministic program)
  std::uint64_t candidate = 0; ///< the median over the candidate's runs
  std::uint64_t baseline_visits = 0;
  std::uint64_t candidate_visits = 0;
  /// `changed` unless a rule gives the count a direction (decision.hpp)
  Verdict verdict = Verdict::changed;
  std::optional<Direction> direction = std::nullopt; ///< the rule's direction, when it gives one
  bool time_changed = false;                         ///< the region's elapsed time moved beyond its noise too
  double time_change = 0;                            ///< the region's elapsed time change, percent of the baseline
  std::optional<std::string> parent = std::nullopt;  ///< the region's parent in the candidate's runs (the tree)
  std::string note{};                                ///< the waiver's reason

  /// Whether the visits agree, so that the change reads per visit.
  bool per_visit() const { return baseline_visits == candidate_visits && baseline_visits > 0; }
};

/// The names of the counts a region's raw.mpi and raw.device hold, in the order they are compared.
std::vector<std::string> count_names();

/// The counts of `region` in one cell, baseline against candidate.
struct CountComparison {
  bool measured = false;            ///< both sides measured the region's counts
  std::vector<CountChange> changes; ///< those that changed beyond the rule's tolerance
};

/// The counts of `region` that changed between the baseline's and the candidate's runs of one cell.
CountComparison compare_counts(const std::string& experiment, const analysis::Configuration& configuration,
                               const analysis::Repetitions& baseline, const analysis::Repetitions& candidate,
                               const std::string& region, const GateConfig& config);

/// "mpi_calls_collective 2 → 3 per visit (+1)", or with totals when the visits differ.
std::string describe(const CountChange& change);

} // namespace tally::gate
