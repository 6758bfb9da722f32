// SPDX-License-Identifier: BSD-3-Clause
// Whether the inputs of `tally pages` can make a site: a site built from nothing would replace a
// published one with an empty page, so a missing input or no usable document is an error.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tally::pages {

/// One line per input that does not exist, cannot be listed or holds no *.json document, each
/// naming it; checked before reading, so one good folder cannot hide a mistyped one beside it.
std::vector<std::string> missing_input_problems(const std::vector<std::string>& inputs);

/// A line naming the inputs when none of their documents is valid. Invalid documents among valid
/// ones are no reason to refuse a site: its index lists them.
std::optional<std::string> no_valid_run_problem(const std::vector<std::string>& inputs,
                                                const analysis::ingest::RunSet& runs);

} // namespace tally::pages
