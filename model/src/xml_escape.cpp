// SPDX-License-Identifier: BSD-3-Clause
// XML escaping; region names, labels and commit messages reach the site's SVG through here.
#include "tally/model/xml_escape.hpp"

#include "utf8.hpp"

#include <cstddef>

namespace tally::model {
namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD"; // U+FFFD in UTF-8

} // namespace

std::string xml_escape(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size() + text.size() / 8);
  for (std::size_t at = 0; at < text.size();) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte >= 0x80) {
      const std::size_t length = detail::utf8_sequence_length(text, at);
      // C1 controls (U+0080 to U+009F): XML discourages them and HTML calls them parse errors.
      if (length == 0 || detail::utf8_code_point(text, at, length) <= 0x9F) {
        escaped += replacement_character;
        at += length == 0 ? 1 : length;
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
      // XML 1.0 cannot represent the other C0 controls, not even as character references; DEL is
      // a control as C1 is.
      if (byte < 0x20 || byte == 0x7F) {
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
