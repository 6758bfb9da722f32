// SPDX-License-Identifier: BSD-3-Clause
// The region tree: which region a region ran inside. A region's parent is the innermost region
// open when it starts (Global for a top-level region; none for Global). A region started under
// several parents gets the one under which it spent the most time; the others are listed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::model {

/// How long a region ran under one parent, summed over threads and processes.
struct ParentTime {
  std::string parent;
  std::uint64_t elapsed_ns = 0;
};

/// A region's place in the tree.
struct RegionParents {
  std::optional<std::string> parent; ///< none when `times` is empty
  std::vector<std::string> others;   ///< the other parents, by decreasing time
};

/// The rule: the parent with the most time is the parent, the rest are the others; equal times
/// go to the name that sorts first, so that the result does not depend on the order of `times`.
/// A parent listed twice has its times added.
RegionParents choose_parent(const std::vector<ParentTime>& times);

} // namespace tally::model
