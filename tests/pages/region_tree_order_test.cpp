// SPDX-License-Identifier: BSD-3-Clause
// The region tree as pages order it: parents before children with their depth, unknown parents
// as roots, and a broken document's cycle still listing every region.
#include "pages/region_tree_order.hpp"

#include <gtest/gtest.h>

#include <utility>

namespace tally::pages {
namespace {

std::vector<std::pair<std::string, std::size_t>> named(const std::vector<TreeNode>& nodes) {
  std::vector<std::pair<std::string, std::size_t>> out;
  for (const TreePlace& place : tree_order(nodes))
    out.emplace_back(nodes[place.index].name, place.depth);
  return out;
}

TEST(RegionTreeOrder, parents_come_before_children_and_siblings_keep_their_order) {
  // Global ⊃ {io, solve}, solve ⊃ halo; "imported" names a parent no region has, "flat" has none.
  const std::vector<TreeNode> nodes{{"halo", "solve"},    {"Global", std::nullopt}, {"io", "Global"},
                                    {"solve", "Global"},  {"imported", "missing"},  {"flat", std::nullopt},
                                    {"exchange", "solve"}};
  // Depth-first from the roots in input order (Global, imported, flat); solve's children in
  // input order: halo then exchange.
  EXPECT_EQ(named(nodes),
            (std::vector<std::pair<std::string, std::size_t>>{
                {"Global", 0}, {"io", 1}, {"solve", 1}, {"halo", 2}, {"exchange", 2}, {"imported", 0}, {"flat", 0}}));
}

TEST(RegionTreeOrder, a_cycle_of_a_broken_document_loses_no_region) {
  // a ⊂ b ⊂ a: no root reaches them, so the first of the cycle becomes a root.
  const std::vector<TreeNode> nodes{{"Global", std::nullopt}, {"a", "b"}, {"b", "a"}, {"self", "self"}};
  EXPECT_EQ(named(nodes),
            (std::vector<std::pair<std::string, std::size_t>>{{"Global", 0}, {"self", 0}, {"a", 0}, {"b", 1}}));
}

} // namespace
} // namespace tally::pages
