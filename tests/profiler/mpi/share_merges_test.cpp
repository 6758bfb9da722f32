// SPDX-License-Identifier: BSD-3-Clause
// The shares the end of run merges up the tree, without MPI: seven ranks' shares merged as the
// binomial tree groups them ((0 1) (2 3)) ((4 5) 6), against the union and the sums by hand.
#include "mpi/share_merges.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace tally::profiler::mpi {
namespace {

using Merge = std::function<std::string(const std::string&, const std::string&)>;

/// tree_merge.cpp's grouping of seven ranks: at step 1 rank 0 takes 1, 2 takes 3, 4 takes 5; at
/// step 2 rank 0 takes 2, 4 takes 6; at step 4 rank 0 takes 4.
std::string merge_as_the_tree_of_seven(std::vector<std::string> shares, const Merge& merge) {
  for (std::size_t step = 1; step < shares.size(); step *= 2)
    for (std::size_t rank = 0; rank + step < shares.size(); rank += 2 * step)
      shares[rank] = merge(shares[rank], shares[rank + step]);
  return shares[0];
}

TEST(ShareMerges, names_of_seven_ranks_merge_into_their_sorted_union) {
  // Rank r holds "shared" and its own "solo_<g - r>"; ranks 5 and 6 also "tail"; rank 3 "Global" only.
  std::vector<std::string> shares;
  for (char rank = 0; rank < 7; ++rank) {
    std::set<std::string> names = {"shared", std::string("solo_") + static_cast<char>('g' - rank)};
    if (rank >= 5) names.insert("tail");
    if (rank == 3) names = {"Global"};
    shares.push_back(pack_names(names));
  }
  const std::set<std::string> expected = {"Global", "shared", "solo_a", "solo_b", "solo_c",
                                          "solo_e", "solo_f", "solo_g", "tail"};
  const std::string merged = merge_as_the_tree_of_seven(shares, merge_names);
  EXPECT_EQ(unpack_names(merged), expected);
  // The packed form is the set in order, each name behind its NUL.
  EXPECT_EQ(merged.substr(0, 14), std::string("Global\0shared\0", 14));
}

TEST(ShareMerges, a_name_with_no_characters_survives_the_trip) {
  EXPECT_EQ(unpack_names(merge_names(pack_names({""}), pack_names({"a"}))), (std::set<std::string>{"", "a"}));
  EXPECT_TRUE(unpack_names(merge_names("", "")).empty());
}

TEST(ShareMerges, keyed_sums_of_seven_ranks_add_up_by_key) {
  // Key (3, 1): every rank 10 × (rank + 1) ns, 10 + 20 + ... + 70 = 280. Key (3, 2): ranks 2 and 6,
  // 5 and 7 ns. Key (9, 0): rank 6 only, 1 ns.
  std::vector<std::string> shares;
  for (std::uint64_t rank = 0; rank < 7; ++rank) {
    KeyedSums sums = {{{3, 1}, 10 * (rank + 1)}};
    if (rank == 2) sums[{3, 2}] = 5;
    if (rank == 6) sums[{3, 2}] = 7, sums[{9, 0}] = 1;
    shares.push_back(pack_keyed_sums(sums));
  }
  const KeyedSums expected = {{{3, 1}, 280}, {{3, 2}, 12}, {{9, 0}, 1}};
  EXPECT_EQ(unpack_keyed_sums(merge_as_the_tree_of_seven(shares, merge_keyed_sums)), expected);
}

TEST(ShareMerges, integers_travel_as_their_bytes) {
  const std::vector<std::uint64_t> values = {0, 1, std::uint64_t{1} << 63};
  EXPECT_EQ(pack_integers(values).size(), 24u);
  EXPECT_EQ(unpack_integers(pack_integers(values)), values);
  EXPECT_TRUE(unpack_integers("").empty());
}

} // namespace
} // namespace tally::profiler::mpi
