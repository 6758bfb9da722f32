// SPDX-License-Identifier: BSD-3-Clause
// The region tree as pages draw it: regions in depth-first order, each parent before its
// children, with the depth that the stylesheet turns into indentation.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tally::pages {

/// A region and the region it ran inside, as a run document says (none for Global and for
/// documents that do not know the nesting).
struct TreeNode {
  std::string name;
  std::optional<std::string> parent;
};

/// One region's place: its index in the input and its depth (0 for a root).
struct TreePlace {
  std::size_t index = 0;
  std::size_t depth = 0;
};

/// Every node once, parents before children, siblings in their input order. A node whose parent
/// is absent or not among the nodes is a root; nodes caught in a cycle (only a broken document
/// has one) follow as roots, so that no region goes missing from a page.
std::vector<TreePlace> tree_order(const std::vector<TreeNode>& nodes);

} // namespace tally::pages
