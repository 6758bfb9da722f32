// SPDX-License-Identifier: BSD-3-Clause
// Writing user-controlled text for terminals and logs with its controls and invisible characters shown.
#include "tally/model/visible_text.hpp"

#include "utf8.hpp"

#include <cstdio>

namespace tally::model {
namespace {

/// C1 controls, the Arabic letter mark, zero-width and directional marks, line and paragraph
/// separators, bidirectional embeddings, overrides and isolates, word joiner and invisible
/// operators, and the byte order mark.
bool is_hidden(char32_t code) {
  return (code >= 0x80 && code <= 0x9F) || code == 0x061C || (code >= 0x200B && code <= 0x200F) ||
         (code >= 0x2028 && code <= 0x202E) || (code >= 0x2060 && code <= 0x2069) || code == 0xFEFF;
}

void append_escape(std::string& out, const char* format, unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, format, value);
  out += buffer;
}

} // namespace

std::string visible_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x20 || byte == 0x7F) {
      append_escape(out, "\\x%02X", byte);
      ++at;
      continue;
    }
    const std::size_t length = byte < 0x80 ? 1 : detail::utf8_sequence_length(text, at);
    if (length == 0) {
      append_escape(out, "\\x%02X", byte);
      ++at;
      continue;
    }
    const char32_t code = detail::utf8_code_point(text, at, length);
    if (is_hidden(code)) {
      append_escape(out, "\\u{%04X}", static_cast<unsigned>(code));
    } else {
      out.append(text.substr(at, length));
    }
    at += length;
  }
  return out;
}

} // namespace tally::model
