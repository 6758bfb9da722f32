// SPDX-License-Identifier: BSD-3-Clause
// Region names shown in a terminal or a CI log: controls, invalid bytes and invisible format
// characters are written out as escapes; any script, combining mark or emoji is kept as it is.
#include "tally/model/visible_text.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(VisibleText, c0_controls_and_del_become_hex_escapes) {
  EXPECT_EQ(visible_text("a\x1b[31mred\nb\tc\x7f"), "a\\x1B[31mred\\x0Ab\\x09c\\x7F");
  EXPECT_EQ(visible_text(std::string_view("nul\0end", 7)), "nul\\x00end");
}

TEST(VisibleText, c1_controls_separators_and_bidirectional_overrides_become_code_point_escapes) {
  EXPECT_EQ(visible_text("\xC2\x85"), "\\u{0085}");                   // NEXT LINE
  EXPECT_EQ(visible_text("\xE2\x80\xAEgnp.exe"), "\\u{202E}gnp.exe"); // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(visible_text("\xE2\x80\xA8"), "\\u{2028}");               // LINE SEPARATOR
  EXPECT_EQ(visible_text("zero\xE2\x80\x8Bwidth\xEF\xBB\xBF"), "zero\\u{200B}width\\u{FEFF}");
  EXPECT_EQ(visible_text("\xE2\x81\xA6x\xE2\x81\xA9"), "\\u{2066}x\\u{2069}"); // isolates
}

TEST(VisibleText, bytes_that_are_not_utf8_become_hex_escapes) {
  EXPECT_EQ(visible_text("a\xFF\xC0\x80z"), "a\\xFF\\xC0\\x80z"); // invalid lead, overlong
  EXPECT_EQ(visible_text("\xED\xA0\x80"), "\\xED\\xA0\\x80");     // a UTF-16 surrogate
  EXPECT_EQ(visible_text("cut \xE2\x82"), "cut \\xE2\\x82");      // truncated sequence
}

TEST(VisibleText, every_script_combining_mark_and_emoji_is_kept) {
  const std::string text =
      "Région e\xCC\x81 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80 \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D <&>";
  EXPECT_EQ(visible_text(text), text);
}

} // namespace
} // namespace tally::model
