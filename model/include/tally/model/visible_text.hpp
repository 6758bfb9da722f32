// SPDX-License-Identifier: BSD-3-Clause
// User-controlled text (region names, labels) made safe for a terminal or a CI log: nothing in it
// can move the cursor, start an escape sequence, break a line or reorder what is shown.
#pragma once

#include <string>
#include <string_view>

namespace tally::model {

/// The text with C0 controls, DEL and bytes that are not UTF-8 written as \xNN, and C1 controls, line
/// and paragraph separators and the invisible format characters (bidirectional controls, zero-width
/// characters, the byte order mark) written as \u{NNNN}. Every other character, of any script, is kept.
std::string visible_text(std::string_view text);

} // namespace tally::model
