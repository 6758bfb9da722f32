// SPDX-License-Identifier: BSD-3-Clause
// XML escaping; region names, labels and commit messages reach the site's SVG through here.
#include "tally/model/xml_escape.hpp"

#include <cstddef>

namespace tally::model {
namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD"; // U+FFFD in UTF-8

/// Length of the valid UTF-8 sequence starting at text[at], or 0 when it is not valid
/// (stray continuation byte, overlong form, surrogate, beyond U+10FFFF, truncated).
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char second_min = 0x80, second_max = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) second_min = 0xA0; // overlong
    if (lead == 0xED) second_max = 0x9F; // UTF-16 surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) second_min = 0x90; // overlong
    if (lead == 0xF4) second_max = 0x8F; // above U+10FFFF
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  if (byte(1) < second_min || byte(1) > second_max) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return length;
}

} // namespace

std::string xml_escape(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size() + text.size() / 8);
  for (std::size_t at = 0; at < text.size();) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte >= 0x80) {
      const std::size_t length = utf8_sequence_length(text, at);
      if (length == 0) {
        escaped += replacement_character;
        ++at;
      } else {
        escaped.append(text.substr(at, length));
        at += length;
      }
      continue;
    }
    switch (byte) {
    case '&': escaped += "&amp;"; break;
    case '<': escaped += "&lt;"; break;
    case '>': escaped += "&gt;"; break;
    case '"': escaped += "&quot;"; break;
    case '\'': escaped += "&#39;"; break;
    case '\t':
    case '\n':
    case '\r': escaped += static_cast<char>(byte); break;
    default:
      // XML 1.0 cannot represent the other C0 controls, not even as character references.
      if (byte < 0x20) {
        escaped += replacement_character;
      } else {
        escaped += static_cast<char>(byte);
      }
    }
    ++at;
  }
  return escaped;
}

} // namespace tally::model
