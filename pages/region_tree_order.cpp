// SPDX-License-Identifier: BSD-3-Clause
// Depth-first walk of the region tree, iterative so that a deep tree cannot exhaust the stack.
#include "pages/region_tree_order.hpp"

#include <map>
#include <utility>

namespace tally::pages {

std::vector<TreePlace> tree_order(const std::vector<TreeNode>& nodes) {
  std::map<std::string, std::size_t> index_of;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    index_of.emplace(nodes[i].name, i);
  std::vector<std::vector<std::size_t>> children(nodes.size());
  std::vector<std::size_t> roots;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto parent = nodes[i].parent ? index_of.find(*nodes[i].parent) : index_of.end();
    if (parent == index_of.end() || parent->second == i) {
      roots.push_back(i);
    } else {
      children[parent->second].push_back(i);
    }
  }
  std::vector<TreePlace> out;
  out.reserve(nodes.size());
  std::vector<bool> placed(nodes.size(), false);
  const auto walk_from = [&](std::size_t root) {
    std::vector<TreePlace> stack{{root, 0}};
    while (!stack.empty()) {
      const TreePlace place = stack.back();
      stack.pop_back();
      if (placed[place.index]) continue;
      placed[place.index] = true;
      out.push_back(place);
      // Pushed in reverse so that the first child is visited first.
      const std::vector<std::size_t>& under = children[place.index];
      for (auto child = under.rbegin(); child != under.rend(); ++child)
        stack.push_back({*child, place.depth + 1});
    }
  };
  for (const std::size_t root : roots)
    walk_from(root);
  for (std::size_t i = 0; i < nodes.size(); ++i)
    walk_from(i);
  return out;
}

} // namespace tally::pages
