// SPDX-License-Identifier: BSD-3-Clause
// Names made safe for paths and URLs: branch folders, experiment folders, region and run pages.
// A name that had to change gets a short hash of the original, so two names never collide.
#pragma once

#include <string>
#include <string_view>

namespace tally::pages {

/// Letters, digits, '.', '_' and '-' are kept, anything else becomes '-'; never empty, never
/// starting with '.', so "../x" cannot leave the output folder.
std::string path_slug(std::string_view name);

} // namespace tally::pages
