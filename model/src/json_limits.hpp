// SPDX-License-Identifier: BSD-3-Clause
// The nesting of a JSON text, measured before it is parsed, so that a hostile document is refused
// with a message instead of exhausting the stack of whatever walks the parsed value.
#pragma once

#include <cstddef>
#include <string_view>

namespace tally::model::detail {

/// The deepest nesting of arrays and objects in `text` (brackets inside strings do not count),
/// counted up to `limit` + 1 only: a result above `limit` means "deeper than the limit".
std::size_t json_nesting(std::string_view text, std::size_t limit);

} // namespace tally::model::detail
