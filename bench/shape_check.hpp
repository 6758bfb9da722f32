// SPDX-License-Identifier: BSD-3-Clause
// One generated history shape (history_shapes.hpp) through the gate as `tally gate` runs it, every
// report, and, when asked, the site: what went wrong, one line each.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tally::bench {

struct ShapeCheck {
  std::string shape;                 ///< describe(): the seed and its changes, to replay it
  std::vector<std::string> problems; ///< empty when the gate and the site took it
};

/// Gates the newest commit of shape `seed` (ShapeKinds::any, its candidate grown for odd seeds)
/// against its parent and history with the default rules, writes every report to memory and, with
/// a `site` folder, builds the site there from `templates` (and removes it). A problem is: the
/// commits not selected, an exception, or a region of the candidate's completed runs that no check,
/// new region, new configuration, hung run or environment difference accounts for.
ShapeCheck check_shape(std::uint64_t seed, const std::filesystem::path& templates,
                       const std::filesystem::path& site = {});

} // namespace tally::bench
