// SPDX-License-Identifier: BSD-3-Clause
// Escaping of user-controlled text for XML and HTML output (SVG charts, attributes, text nodes).
#pragma once

#include <string>
#include <string_view>

namespace tally::model {

/// The text with & < > " ' escaped, so it is safe in element content and in attribute values
/// quoted with either quote. Characters XML 1.0 forbids (C0 controls other than tab, line feed
/// and carriage return) or discourages (DEL, C1 controls) and bytes that are not valid UTF-8
/// become U+FFFD, so the result is always well-formed and shows no invisible control.
std::string xml_escape(std::string_view text);

} // namespace tally::model
