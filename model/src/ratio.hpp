// SPDX-License-Identifier: BSD-3-Clause
// Division that yields "absent" instead of NaN or infinity.
#pragma once

#include <optional>

namespace tally::model::detail {

/// numerator / denominator, or nullopt when the denominator is not positive.
inline std::optional<double> ratio(double numerator, double denominator) {
  if (!(denominator > 0.0)) return std::nullopt;
  return numerator / denominator;
}

} // namespace tally::model::detail
