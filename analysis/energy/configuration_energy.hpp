// SPDX-License-Identifier: BSD-3-Clause
// The points of an experiment's time–energy chart: each configuration's time to solution and
// energy to solution at one commit, the energy estimated by the model from a node power profile.
#pragma once

#include "analysis/energy/pareto_front.hpp"
#include "analysis/experiment.hpp"

#include "tally/model/energy_estimate.hpp"

#include <vector>

namespace tally::analysis::energy {

/// One point per configuration that has Global at `commit`, in the experiment's configuration
/// order: the repetition of median elapsed time (representative_raw), its elapsed seconds and the
/// model's estimate of its energy in joules (CPU and, where the profile has them, GPUs).
std::vector<TimeEnergyPoint> estimated_points(const Experiment& experiment, std::size_t commit,
                                              const model::NodePowerProfile& profile);

} // namespace tally::analysis::energy
