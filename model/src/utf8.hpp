// SPDX-License-Identifier: BSD-3-Clause
// UTF-8 sequences, for the escaping of user-controlled text (XML, terminals): what is a valid
// sequence and which code point it encodes.
#pragma once

#include <cstddef>
#include <string_view>

namespace tally::model::detail {

/// Length of the valid UTF-8 sequence starting at text[at] (a lead byte of 0x80 or more), or 0 when it
/// is not valid (stray continuation byte, overlong form, surrogate, beyond U+10FFFF, truncated).
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

/// The code point of the valid sequence of `length` bytes starting at text[at].
char32_t utf8_code_point(std::string_view text, std::size_t at, std::size_t length);

} // namespace tally::model::detail
