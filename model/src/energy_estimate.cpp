// SPDX-License-Identifier: BSD-3-Clause
// The model estimate of energy from a node power profile (energy_estimate.hpp).
#include "tally/model/energy_estimate.hpp"

#include <cstdint>

namespace tally::model {
namespace {

constexpr double seconds(std::uint64_t nanoseconds) { return static_cast<double>(nanoseconds) * 1e-9; }

std::uint64_t waiting_ns(const RegionRaw& raw) {
  std::uint64_t waiting = raw.mpi_ns + raw.offload_ns.value_or(0);
  if (raw.openmp) waiting += raw.openmp->load_imbalance_ns + raw.openmp->scheduling_ns + raw.openmp->serialization_ns;
  return waiting;
}

} // namespace

EnergyEstimate estimate_energy(const RegionRaw& raw, const NodePowerProfile& profile) {
  const double elapsed = seconds(raw.elapsed_ns);
  EnergyEstimate estimate;
  estimate.cpu_joules = static_cast<double>(raw.nodes) * elapsed * profile.node_idle_watts +
                        seconds(raw.useful_ns) * profile.core_useful_watts +
                        seconds(waiting_ns(raw)) * profile.core_waiting_watts;
  if (raw.device && raw.device->devices > 0 && profile.gpu_idle_watts && profile.gpu_busy_watts)
    estimate.gpu_joules = static_cast<double>(raw.device->devices) * elapsed * *profile.gpu_idle_watts +
                          seconds(raw.device->kernel_ns + raw.device->memory_ns) * *profile.gpu_busy_watts;
  return estimate;
}

} // namespace tally::model
