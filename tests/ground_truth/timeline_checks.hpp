// SPDX-License-Identifier: BSD-3-Clause
// expect_metric's checks of the run's timeline (timeline:...), see timeline_checks.cpp.
#pragma once

#include "tally/model/run_document.hpp"

#include <string>
#include <vector>

namespace tally::ground_truth {

/// Empty when the timeline check `parts` (the specification split at ':', "timeline" first)
/// holds, otherwise what differs.
std::string check_timeline(const model::RunDocument& document, const std::vector<std::string>& parts);

} // namespace tally::ground_truth
