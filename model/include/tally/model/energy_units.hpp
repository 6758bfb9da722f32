// SPDX-License-Identifier: BSD-3-Clause
// The energy of a region in the units people read: joules, and the average power over the
// region's elapsed time T. The one place these conversions are written.
#pragma once

#include <cstdint>
#include <optional>

namespace tally::model {

/// Microjoules as joules.
inline double joules(std::uint64_t microjoules) { return static_cast<double>(microjoules) * 1e-6; }

/// The average power in watts of `microjoules` spent over `elapsed_ns` (µJ/ns = 1000 W); none for
/// an elapsed time of zero.
inline std::optional<double> average_watts(std::uint64_t microjoules, std::uint64_t elapsed_ns) {
  if (elapsed_ns == 0) return std::nullopt;
  return static_cast<double>(microjoules) / static_cast<double>(elapsed_ns) * 1e3;
}

} // namespace tally::model
