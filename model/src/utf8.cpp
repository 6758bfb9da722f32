// SPDX-License-Identifier: BSD-3-Clause
// UTF-8 sequences: validity (the table of Unicode's "well-formed UTF-8 byte sequences") and decoding.
#include "utf8.hpp"

namespace tally::model::detail {

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

char32_t utf8_code_point(std::string_view text, std::size_t at, std::size_t length) {
  constexpr unsigned char lead_bits[] = {0, 0, 0x1F, 0x0F, 0x07};
  char32_t code = static_cast<unsigned char>(text[at]) & lead_bits[length];
  for (std::size_t i = 1; i < length; ++i)
    code = (code << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3F);
  return code;
}

} // namespace tally::model::detail
