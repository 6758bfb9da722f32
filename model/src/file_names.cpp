// SPDX-License-Identifier: BSD-3-Clause
// Safe file-name pieces.
#include "tally/model/file_names.hpp"

namespace tally::model {

std::string file_name_part(std::string_view text, std::string_view fallback) {
  std::string out;
  bool replacing = false;
  for (const char c : text) {
    const bool keep =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    // One '-' for a run of others: " · " (four bytes in UTF-8) reads as one separator.
    if (keep || !replacing) out += keep ? c : '-';
    replacing = !keep;
  }
  return out.empty() ? std::string(fallback) : out;
}

std::string compact_time(std::string_view iso_time) {
  std::string out;
  for (const char c : iso_time) {
    if (c != '-' && c != ':') out += c;
  }
  return out;
}

} // namespace tally::model
