// SPDX-License-Identifier: BSD-3-Clause
// How a run went, in the words the site and the gate both show: where a hung run waited, and the
// behaviour its timeline records.
#pragma once

#include "tally/model/run_timeline.hpp"

#include <optional>
#include <string>

namespace tally::analysis {

/// "rank 3 (n002) waited 600.00 s in MPI_Recv in region exchange (step > exchange)": the region is
/// the innermost open one, the stack in brackets when there are several, neither outside any region.
std::string hang_text(const model::Hang& hang);

/// "stable", "cold start", "stall" or "varying"; "not classified" for none (a timeline too short to tell).
std::string behaviour_text(std::optional<model::Behaviour> behaviour);

/// The regions open where the run hung, outermost first: "step > exchange".
std::string region_stack_text(const model::Hang& hang);

} // namespace tally::analysis
