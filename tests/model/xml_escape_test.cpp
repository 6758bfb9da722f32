// SPDX-License-Identifier: BSD-3-Clause
// XML escaping: markup characters, quotes, UTF-8 and the characters XML cannot carry.
#include "tally/model/xml_escape.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(XmlEscape, markup_quotes_and_ampersands_become_entities) {
  EXPECT_EQ(xml_escape("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(xml_escape("a\"b'c&d"), "a&quot;b&#39;c&amp;d");
  EXPECT_EQ(xml_escape("&amp;"), "&amp;amp;");
}

TEST(XmlEscape, plain_text_and_utf8_pass_unchanged) {
  EXPECT_EQ(xml_escape("2 nodes · 8 ranks × 4 threads"), "2 nodes · 8 ranks × 4 threads");
  EXPECT_EQ(xml_escape("µs 😀 tab\there\nnext"), "µs 😀 tab\there\nnext");
  EXPECT_EQ(xml_escape(""), "");
}

TEST(XmlEscape, characters_xml_cannot_carry_become_replacement_characters) {
  EXPECT_EQ(xml_escape(std::string("a\0b", 3)), "a\uFFFDb");
  EXPECT_EQ(xml_escape("bell\a esc\x1b"), "bell\uFFFD esc\uFFFD");
  EXPECT_EQ(xml_escape("del\x7F nel\xC2\x85 csi\xC2\x9B"), "del\uFFFD nel\uFFFD csi\uFFFD"); // DEL, C1
  EXPECT_EQ(xml_escape("nbsp\xC2\xA0"), "nbsp\xC2\xA0"); // U+00A0 is the first character after C1
}

TEST(XmlEscape, invalid_utf8_becomes_replacement_characters) {
  EXPECT_EQ(xml_escape("latin1 caf\xE9"), "latin1 caf\uFFFD"); // ISO-8859-1 é
  EXPECT_EQ(xml_escape("\xC0\xAF"), "\uFFFD\uFFFD");           // overlong '/'
  EXPECT_EQ(xml_escape("\xED\xA0\x80"), "\uFFFD\uFFFD\uFFFD"); // UTF-16 surrogate
  EXPECT_EQ(xml_escape("cut \xE2\x82"), "cut \uFFFD\uFFFD");   // truncated "€"
  EXPECT_EQ(xml_escape("\x80<"), "\uFFFD&lt;");                // stray continuation byte
}

} // namespace
} // namespace tally::model
