// SPDX-License-Identifier: BSD-3-Clause
// The useful computation ratio (useful_computation_ratio.hpp).
#include "analysis/energy/useful_computation_ratio.hpp"

#include <algorithm>

namespace tally::analysis::energy {

std::optional<double> useful_computation_ratio(const model::MetricValues& values) {
  const auto parallel = values.get(model::MetricId::parallel_efficiency);
  const auto ipc_scaling = values.get(model::MetricId::ipc_scaling);
  if (!parallel || !ipc_scaling) return std::nullopt;
  // The reference (fewest resources) is taken as free of contention: an IPC above its own is
  // no useful time beyond the useful time measured, so the factor stops at 1.
  return *parallel * std::min(1.0, *ipc_scaling);
}

} // namespace tally::analysis::energy
