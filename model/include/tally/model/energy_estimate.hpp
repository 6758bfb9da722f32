// SPDX-License-Identifier: BSD-3-Clause
// The model estimate of a region's energy where no sensor can be read: a node power profile (what
// a node draws idle, and what a core adds while computing or waiting) applied to the region's
// times. Marked `model` wherever it is shown; never compared with measured energy.
#pragma once

#include "tally/model/region_raw.hpp"

#include <optional>

namespace tally::model {

/// What the user tells about a node (analysis/energy/README.md, "Power profile"), in watts.
struct NodePowerProfile {
  double node_idle_watts = 0;    ///< a whole node, idle: its static power, drawn over the region's elapsed time
  double core_useful_watts = 0;  ///< what one core adds to idle while it computes (useful time)
  double core_waiting_watts = 0; ///< what one core adds while it waits (MPI, OpenMP idle, device runtime)
  std::optional<double> gpu_idle_watts = std::nullopt; ///< one GPU, idle; absent: GPUs are not estimated
  std::optional<double> gpu_busy_watts = std::nullopt; ///< what one GPU adds while a kernel or a copy runs
  bool operator==(const NodePowerProfile&) const = default;
};

/// The estimate by domain, in joules.
struct EnergyEstimate {
  double cpu_joules = 0;                           ///< nodes idle, plus their cores' useful and waiting time
  std::optional<double> gpu_joules = std::nullopt; ///< absent when the region used no GPU or the profile has none
  double total_joules() const { return cpu_joules + gpu_joules.value_or(0); }
};

/// The model: E_cpu = nodes · T · P_idle + useful · P_useful + waiting · P_waiting, where T is the
/// region's elapsed time and useful and waiting are summed over every thread (waiting: MPI,
/// OpenMP idle and scheduling, device runtime); E_gpu = devices · T · P_gpu_idle + (kernel +
/// memory time, summed over devices) · P_gpu_busy.
EnergyEstimate estimate_energy(const RegionRaw& raw, const NodePowerProfile& profile);

} // namespace tally::model
