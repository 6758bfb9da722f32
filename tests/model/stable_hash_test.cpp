// SPDX-License-Identifier: BSD-3-Clause
// The stable hash against the FNV-1a test vectors published with the algorithm.
#include "tally/model/stable_hash.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(StableHash, the_empty_text_is_the_offset_basis) {
  EXPECT_EQ(fnv1a<std::uint32_t>(""), 0x811c9dc5u);
  EXPECT_EQ(fnv1a<std::uint64_t>(""), 0xcbf29ce484222325ull);
}

TEST(StableHash, matches_the_published_vectors) {
  EXPECT_EQ(fnv1a<std::uint32_t>("a"), 0xe40c292cu);
  EXPECT_EQ(fnv1a<std::uint64_t>("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a<std::uint32_t>("foobar"), 0xbf9cf968u);
  EXPECT_EQ(fnv1a<std::uint64_t>("foobar"), 0x85944171f73967e8ull);
}

} // namespace
} // namespace tally::model
