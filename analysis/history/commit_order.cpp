// SPDX-License-Identifier: BSD-3-Clause
// Run commit ids resolved against a history (commit_resolver.hpp), and the resulting branch order.
#include "analysis/history/commit_order.hpp"

#include <algorithm>
#include <map>

namespace tally::analysis::history {

CommitOrder order_commits(const std::vector<CommitInfo>& first_parent_history,
                          const std::set<std::string>& commits_with_runs) {
  std::vector<std::string> shas;
  shas.reserve(first_parent_history.size());
  for (const CommitInfo& commit : first_parent_history)
    shas.push_back(commit.sha);
  const CommitResolver resolver(shas);

  CommitOrder order;
  std::map<std::size_t, std::vector<std::string>> matched; // index in the history -> ids written in runs
  for (const std::string& id : commits_with_runs) {
    const Resolution resolution = resolver.resolve(id);
    switch (resolution.kind) {
    case Resolution::Kind::named: matched[resolution.commits.front()].push_back(id); break;
    case Resolution::Kind::unknown: order.not_on_branch.push_back(id); break;
    case Resolution::Kind::ambiguous: {
      AmbiguousId ambiguous{id, {}};
      for (const std::size_t index : resolution.commits)
        ambiguous.candidates.push_back(shas[index]);
      std::sort(ambiguous.candidates.begin(), ambiguous.candidates.end());
      order.ambiguous.push_back(std::move(ambiguous));
      break;
    }
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
