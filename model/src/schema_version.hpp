// SPDX-License-Identifier: BSD-3-Clause
// The schema string of a run document ("tally.run/1") and the migrations from older versions.
#pragma once

#include "tally/model/json_checker.hpp"

#include <optional>

namespace tally::model::detail {

/// Checks `/schema` and brings an older document to the current version in place. Returns
/// false (with a problem recorded) for a missing, foreign or newer schema.
bool check_and_migrate(Json& document, JsonChecker& checker);

} // namespace tally::model::detail
