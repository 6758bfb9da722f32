// SPDX-License-Identifier: BSD-3-Clause
// The names the run document gives the sides of an A/B study.
#include "tally/model/ab_study.hpp"

namespace tally::model {

std::string_view to_string(AbSide side) { return side == AbSide::baseline ? "baseline" : "candidate"; }

std::optional<AbSide> ab_side_from_string(std::string_view text) {
  if (text == "baseline") return AbSide::baseline;
  if (text == "candidate") return AbSide::candidate;
  return std::nullopt;
}

} // namespace tally::model
