// SPDX-License-Identifier: BSD-3-Clause
// Rules that checked nothing: a rule or waiver whose name matches no metric or count, whose
// regions match none of the runs', whose metrics no run could compute, or whose tolerance does
// not apply to what it matches. The gate warns about each (an error with --strict).
#pragma once

#include "gate/compare.hpp"

#include <string>
#include <vector>

namespace tally::gate {

/// One line per rule or waiver of `config` that no check of `result` could use, naming it by its
/// place in the configuration ("/rules/2") and its patterns, and saying why.
std::vector<std::string> unused_rules(const GateConfig& config, const GateResult& result);

} // namespace tally::gate
