// SPDX-License-Identifier: BSD-3-Clause
// Which runs' energy the gate compares: measured with measured, modelled with modelled, the same
// domains summed, and every repetition of a commit alike.
#pragma once

#include "analysis/experiment.hpp"

#include "tally/model/metric_values.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tally::gate {

/// What the energy of `region` is in every run of `runs` that has the region: its source and the
/// domains of its energy to solution ("measured, package + dram", model/energy_to_solution.hpp).
/// nullopt when no run has the region, when one of them has no energy to solution for it, or when
/// two of them differ: such repetitions are never compared on energy.
std::optional<std::string> energy_basis(const analysis::Repetitions& runs, const std::string& region);

/// Sets the energy to solution in joules (model::MetricId::energy_j) in `metrics`, the metrics of
/// each run of `runs` that has `region`, in order (analysis::repetition_metrics), when the runs'
/// energy_basis is `basis`; otherwise leaves it absent in every one of them, so that a commit
/// whose repetitions are not all measured alike takes no part in an energy check.
void add_energy(std::vector<model::MetricValues>& metrics, const analysis::Repetitions& runs, const std::string& region,
                const std::optional<std::string>& basis);

} // namespace tally::gate
