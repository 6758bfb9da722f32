// SPDX-License-Identifier: BSD-3-Clause
// ISO 8601 with offset -> UTC, and Unix time -> UTC.
#include "tally/model/utc_time.hpp"

#include <ctime>
#include <regex>

namespace tally::model {

std::optional<std::string> to_utc_iso8601(std::string_view text) {
  static const std::regex pattern(
      R"((\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):?(\d{2})))");
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_match(text.begin(), text.end(), match, pattern)) return std::nullopt;
  std::tm fields{};
  fields.tm_year = std::stoi(match[1]) - 1900;
  fields.tm_mon = std::stoi(match[2]) - 1;
  fields.tm_mday = std::stoi(match[3]);
  fields.tm_hour = std::stoi(match[4]);
  fields.tm_min = std::stoi(match[5]);
  fields.tm_sec = std::stoi(match[6]);
  if (fields.tm_mon > 11 || fields.tm_mday < 1 || fields.tm_mday > 31 || fields.tm_hour > 23 || fields.tm_min > 59 ||
      fields.tm_sec > 60) {
    return std::nullopt;
  }
  std::time_t seconds = timegm(&fields);
  if (match[8] != "Z") {
    const long offset = std::stol(match[10]) * 3600 + std::stol(match[11]) * 60;
    seconds += match[9] == "+" ? -offset : offset;
  }
  return utc_iso8601(seconds);
}

std::string utc_iso8601(std::time_t unix_seconds) {
  std::tm utc{};
  gmtime_r(&unix_seconds, &utc);
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return out;
}

} // namespace tally::model
