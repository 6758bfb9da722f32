// SPDX-License-Identifier: BSD-3-Clause
// Pieces of file names built from documents (run ids, output files, site pages): one rule for
// which characters are safe, and the compact form of a time.
#pragma once

#include <string>
#include <string_view>

namespace tally::model {

/// Letters, digits, '.', '_' and '-' are kept, each run of other bytes becomes one '-'; `fallback`
/// for an empty text.
std::string file_name_part(std::string_view text, std::string_view fallback);

/// 2026-11-22T00:52:09Z -> 20261122T005209Z
std::string compact_time(std::string_view iso_time);

} // namespace tally::model
