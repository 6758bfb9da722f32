// SPDX-License-Identifier: BSD-3-Clause
// The nesting of a JSON text, one pass over its bytes, before it is parsed.
#include "json_limits.hpp"

#include <algorithm>

namespace tally::model::detail {

std::size_t json_nesting(std::string_view text, std::size_t limit) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

} // namespace tally::model::detail
