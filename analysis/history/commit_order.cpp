// Prefix matching of run commit ids against a history, and the resulting branch order.
#include "analysis/history/commit_order.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>
#include <utility>

namespace tally::analysis::history {

namespace {

// Lower-case hexadecimal digits, or "" when `id` cannot be an abbreviated sha (too short, too
// long for SHA-256, other characters): such ids are simply not on the branch.
std::string normalised_sha(std::string_view id) {
  if (id.size() < minimum_short_sha || id.size() > 64) return "";
  std::string out;
  for (const char c : id) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return "";
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

} // namespace

CommitOrder order_commits(const std::vector<CommitInfo>& first_parent_history,
                          const std::set<std::string>& commits_with_runs) {
  // Sorted shas make every abbreviation a contiguous range: O((history + runs) log history).
  std::vector<std::pair<std::string, std::size_t>> by_sha; // (lower-case sha, index in the history)
  by_sha.reserve(first_parent_history.size());
  for (std::size_t i = 0; i < first_parent_history.size(); ++i) {
    by_sha.emplace_back(normalised_sha(first_parent_history[i].sha), i);
  }
  std::sort(by_sha.begin(), by_sha.end());

  CommitOrder order;
  std::map<std::size_t, std::vector<std::string>> matched; // index in the history -> ids written in runs
  for (const std::string& id : commits_with_runs) {
    const std::string prefix = normalised_sha(id);
    if (prefix.empty()) {
      order.not_on_branch.push_back(id);
      continue;
    }
    auto first = std::lower_bound(by_sha.begin(), by_sha.end(), std::make_pair(prefix, std::size_t{0}));
    auto last = first;
    while (last != by_sha.end() && last->first.starts_with(prefix))
      ++last;
    // The same commit listed twice in the history cannot happen, so two hits are two commits.
    if (first == last) {
      order.not_on_branch.push_back(id);
    } else if (std::next(first) != last) {
      order.ambiguous.push_back(id);
    } else {
      matched[first->second].push_back(id);
    }
  }

  // Newest first in the history, oldest first on the site: walk the matched indices backwards.
  const std::size_t size = first_parent_history.size();
  for (auto it = matched.rbegin(); it != matched.rend(); ++it) {
    order.on_branch.push_back(OrderedCommit{first_parent_history[it->first], size - 1 - it->first, it->second});
  }
  return order;
}

} // namespace tally::analysis::history
