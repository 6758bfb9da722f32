// SPDX-License-Identifier: BSD-3-Clause
// Reads the `regions` array of a run document.
#pragma once

#include "tally/model/json_checker.hpp"
#include "tally/model/run_document.hpp"

#include <vector>

namespace tally::model::detail {

std::vector<Region> read_regions(const Json& regions, const Pointer& at, JsonChecker& checker);

} // namespace tally::model::detail
