// SPDX-License-Identifier: BSD-3-Clause
// Times in run documents are UTC in ISO 8601 ("2026-11-22T00:52:09Z"). CI systems and git give
// times with an offset ("2026-11-22T01:52:09+01:00"); this converts them.
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace tally::model {

/// The same instant as `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM|±HHMM)`, written in UTC with a Z
/// (fractions of a second are dropped); nullopt when the text is not such a time.
std::optional<std::string> to_utc_iso8601(std::string_view text);

/// A Unix time (seconds since 1970-01-01 UTC) as `YYYY-MM-DDTHH:MM:SSZ`.
std::string utc_iso8601(std::time_t unix_seconds);

} // namespace tally::model
