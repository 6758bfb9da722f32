// SPDX-License-Identifier: BSD-3-Clause
// Placing run commits along a made-up first-parent history: branch order, short and full ids,
// commits off the branch, ambiguous abbreviations.
#include "analysis/history/commit_order.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::history {
namespace {

CommitInfo made_up(const std::string& sha, const std::string& title) {
  CommitInfo commit;
  commit.sha = sha;
  commit.short_sha = sha.substr(0, 7);
  commit.title = title;
  return commit;
}

// Newest first, as GitRepository::first_parent_history gives it. Times are left out on purpose:
// the order must come from the list alone.
const std::vector<CommitInfo> history = {
    made_up("c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3", "newest"),
    made_up("b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2", "middle"),
    made_up("abcd0000a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1", "oldest"),
    made_up("abcd1111ffffffffffffffffffffffffffffffff", "before the oldest"),
};

std::vector<std::string> titles_of(const CommitOrder& order) {
  std::vector<std::string> titles;
  for (const OrderedCommit& commit : order.on_branch)
    titles.push_back(commit.commit.title);
  return titles;
}

TEST(CommitOrder, runs_are_placed_oldest_first_with_their_position_in_the_history) {
  const CommitOrder order =
      order_commits(history, {"c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3", "abcd1111ffffffffffffffffffffffffffffffff"});
  EXPECT_EQ(titles_of(order), (std::vector<std::string>{"before the oldest", "newest"}));
  ASSERT_EQ(order.on_branch.size(), 2u);
  EXPECT_EQ(order.on_branch[0].position, 0u);
  EXPECT_EQ(order.on_branch[1].position, 3u);
  EXPECT_TRUE(order.not_on_branch.empty());
  EXPECT_TRUE(order.ambiguous.empty());
}

TEST(CommitOrder, short_and_upper_case_ids_match_their_commit_and_are_grouped_with_the_full_one) {
  const CommitOrder order =
      order_commits(history, {"b2b2b2b", "B2B2B2B2B2", "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2", "abcd0"});
  EXPECT_EQ(titles_of(order), (std::vector<std::string>{"oldest", "middle"}));
  ASSERT_EQ(order.on_branch.size(), 2u);
  EXPECT_EQ(order.on_branch[0].run_commits, std::vector<std::string>{"abcd0"});
  EXPECT_EQ(order.on_branch[1].run_commits,
            (std::vector<std::string>{"B2B2B2B2B2", "b2b2b2b", "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2"}));
  EXPECT_EQ(order.on_branch[1].position, 2u);
}

TEST(CommitOrder, commits_not_in_the_history_are_reported_as_not_on_the_branch) {
  const CommitOrder order = order_commits(history, {"c3c3c3c", "d4d4d4d", "b2b", "unknown", ""});
  EXPECT_EQ(titles_of(order), std::vector<std::string>{"newest"});
  EXPECT_EQ(order.not_on_branch, (std::vector<std::string>{"", "b2b", "d4d4d4d", "unknown"}))
      << "too short and non-hexadecimal ids cannot be on any branch";
}

TEST(CommitOrder, short_id_matching_several_commits_is_ambiguous) {
  const CommitOrder order = order_commits(history, {"abcd", "abcd1"});
  ASSERT_EQ(order.ambiguous.size(), 1u);
  EXPECT_EQ(order.ambiguous[0].id, "abcd");
  EXPECT_EQ(order.ambiguous[0].candidates, (std::vector<std::string>{"abcd0000a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1",
                                                                     "abcd1111ffffffffffffffffffffffffffffffff"}));
  EXPECT_EQ(titles_of(order), std::vector<std::string>{"before the oldest"});
}

TEST(CommitOrder, empty_history_puts_every_run_off_the_branch) {
  const CommitOrder order = order_commits({}, {"c3c3c3c"});
  EXPECT_TRUE(order.on_branch.empty());
  EXPECT_EQ(order.not_on_branch, std::vector<std::string>{"c3c3c3c"});
}

} // namespace
} // namespace tally::analysis::history
