// SPDX-License-Identifier: BSD-3-Clause
// The one rule for which commit an id names: prefixes, case, the minimum length, ambiguity.
#include "analysis/history/commit_resolver.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tally::analysis::history {
namespace {

const std::string first = "0123456789abcdef0123456789abcdef01234567";
const std::string abcd0 = "abcd0000a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const std::string abcd1 = "abcd1111ffffffffffffffffffffffffffffffff";

// Index: 0 first, 1 abcd0, 2 abcd1, then ids that cannot abbreviate a commit id.
const CommitResolver resolver({first, abcd0, abcd1, "c1", "release-1", "abc"});

using Outcome = std::pair<Resolution::Kind, std::vector<std::size_t>>;

Outcome named(std::size_t commit) { return {Resolution::Kind::named, {commit}}; }

// What `id` names, as one comparable value.
Outcome resolve(const CommitResolver& known, std::string_view id) {
  const Resolution resolution = known.resolve(id);
  return {resolution.kind, resolution.commits};
}

TEST(CommitResolver, a_full_id_names_its_commit) {
  EXPECT_EQ(resolve(resolver, first), named(0));
  EXPECT_EQ(resolve(resolver, abcd1), named(2));
}

TEST(CommitResolver, a_prefix_of_four_digits_or_more_names_the_commit_it_starts) {
  EXPECT_EQ(resolve(resolver, "0123"), named(0));
  EXPECT_EQ(resolve(resolver, "0123456"), named(0));
  EXPECT_EQ(resolve(resolver, "abcd0"), named(1));
  EXPECT_EQ(resolve(resolver, "abcd1111f"), named(2));
}

TEST(CommitResolver, case_does_not_matter_on_either_side) {
  EXPECT_EQ(resolve(resolver, "0123456789ABCDEF"), named(0));
  EXPECT_EQ(resolve(resolver, "ABCD1111FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"), named(2));
  const CommitResolver upper({"ABCDEF0123456789ABCDEF0123456789ABCDEF01"});
  EXPECT_EQ(resolve(upper, "abcdef0"), named(0));
}

TEST(CommitResolver, fewer_than_four_digits_name_nothing_that_is_not_written_so) {
  EXPECT_EQ(resolver.resolve("012").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolver.resolve("0").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolver.resolve("").kind, Resolution::Kind::unknown);
  // "abc" is known as written, so only "abc" names it: not "ab", not "ABC".
  EXPECT_EQ(resolve(resolver, "abc"), named(5));
  EXPECT_EQ(resolver.resolve("ab").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolver.resolve("ABC").kind, Resolution::Kind::unknown);
}

TEST(CommitResolver, ids_that_are_not_hexadecimal_are_named_only_exactly) {
  EXPECT_EQ(resolve(resolver, "c1"), named(3));
  EXPECT_EQ(resolver.resolve("C1").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolve(resolver, "release-1"), named(4));
  EXPECT_EQ(resolver.resolve("release").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolver.resolve("release-10").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolver.resolve("0123456789abcdeg").kind, Resolution::Kind::unknown);
}

TEST(CommitResolver, an_id_no_commit_starts_with_names_nothing) {
  EXPECT_EQ(resolver.resolve("ffff").kind, Resolution::Kind::unknown);
  EXPECT_EQ(resolver.resolve("abcd2").kind, Resolution::Kind::unknown);
}

TEST(CommitResolver, a_prefix_of_several_commits_is_ambiguous_and_names_them_all) {
  const Resolution resolution = resolver.resolve("ABCD");
  EXPECT_EQ(resolution.kind, Resolution::Kind::ambiguous);
  EXPECT_EQ(resolution.commits, (std::vector<std::size_t>{1, 2}));
}

TEST(CommitResolver, a_known_short_id_is_named_by_a_longer_id_that_starts_with_it) {
  // Without git an axis may know a commit only by a short id.
  const CommitResolver short_ids({"abcd123", "abcd456"});
  EXPECT_EQ(resolve(short_ids, "abcd1234567890"), named(0));
  EXPECT_EQ(resolve(short_ids, "ABCD456"), named(1));
  EXPECT_EQ(short_ids.resolve("abcd").kind, Resolution::Kind::ambiguous);
  EXPECT_EQ(short_ids.resolve("abcd7").kind, Resolution::Kind::unknown);
}

TEST(CommitResolver, two_ids_equal_but_for_case_are_one_commit_named_by_the_first) {
  const CommitResolver twice({"ABCDEF12", "abcdef12"});
  EXPECT_EQ(resolve(twice, "abcdef"), named(0));
  EXPECT_EQ(resolve(twice, "abcdef12"), named(0));
  EXPECT_EQ(resolve(twice, "AbCdEf1234"), named(0));
}

TEST(CommitResolver, normalised_ids_are_lower_case_hexadecimal_of_4_to_64_digits) {
  EXPECT_EQ(normalised_id("ABCD"), "abcd");
  EXPECT_EQ(normalised_id("AbC0123"), "abc0123");
  EXPECT_EQ(normalised_id("abc"), "");
  EXPECT_EQ(normalised_id("abcg"), "");
  EXPECT_EQ(normalised_id(std::string(64, 'F')), std::string(64, 'f'));
  EXPECT_EQ(normalised_id(std::string(65, 'f')), "");
}

TEST(CommitResolver, describe_names_the_id_as_written_and_twelve_digits_of_each_candidate) {
  EXPECT_EQ(describe(AmbiguousId{"ABCD", {abcd0, abcd1}}), "'ABCD' names 2 commits: abcd0000a1a1, abcd1111ffff");
  EXPECT_EQ(describe(AmbiguousId{"abcd", {"abcd123", "abcd456", "abcd789"}}),
            "'abcd' names 3 commits: abcd123, abcd456, abcd789");
}

} // namespace
} // namespace tally::analysis::history
