// SPDX-License-Identifier: BSD-3-Clause
// A run's place in an A/B study (`tally run --baseline ... --candidate ...`): which build it
// measured and the pair it belongs to, so that the gate compares each candidate run with the
// baseline run of its pair.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tally::model {

/// The build a run of an A/B study measured: the reference one, or the one under test.
enum class AbSide { baseline, candidate };
std::string_view to_string(AbSide side);
std::optional<AbSide> ab_side_from_string(std::string_view text);

/// The document's `run.ab_study`. A pair is one run of each side of one configuration; the two
/// runs of pair `pair` of study `id` with the same resources are compared with each other.
struct AbStudyRun {
  std::string id; ///< the study, shared by all its runs of both sides
  AbSide side = AbSide::baseline;
  std::uint64_t pair = 1; ///< from 1, counted per configuration
  bool operator==(const AbStudyRun&) const = default;
};

} // namespace tally::model
