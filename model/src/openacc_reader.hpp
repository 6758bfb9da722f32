// SPDX-License-Identifier: BSD-3-Clause
// A region's raw.openacc group of a run document (the OpenACC constructs by kind, those run on the
// host, what they enqueued), read with the checker's rules (closed objects, every kind present).
#pragma once

#include "tally/model/json_checker.hpp"
#include "tally/model/region_raw.hpp"

#include <optional>

namespace tally::model::detail {

/// raw.openacc, or nothing when the region has none (OpenACC not measured).
std::optional<OpenAccRaw> read_openacc(const Json& raw, const Pointer& at, JsonChecker& checker);

} // namespace tally::model::detail
