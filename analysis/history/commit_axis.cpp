// Commit order without a repository.
#include "analysis/history/commit_axis.hpp"

#include <algorithm>
#include <tuple>

namespace tally::analysis::history {

std::string commit_of(const model::RunDocument& document) {
  return document.source ? document.source->commit : std::string();
}

std::optional<std::size_t> CommitAxis::position(const model::RunDocument& document) const {
  const auto found = index.find(commit_of(document));
  if (found == index.end()) return std::nullopt;
  return found->second;
}

CommitAxis order_by_document_time(const ingest::RunSet& runs) {
  struct Seen {
    std::string commit_time;
    std::string first_start;
  };
  std::map<std::string, Seen> seen;
  for (const ingest::LoadedRun& run : runs.runs) {
    const std::string commit = commit_of(run.document);
    auto [entry, inserted] = seen.try_emplace(commit, Seen{"", run.document.run.start_time});
    if (run.document.source && run.document.source->commit_time)
      entry->second.commit_time = *run.document.source->commit_time;
    entry->second.first_start = std::min(entry->second.first_start, run.document.run.start_time);
  }
  std::vector<std::pair<std::string, Seen>> ordered(seen.begin(), seen.end());
  // ISO 8601 UTC strings sort as times; commits without a commit time sort by their first run.
  std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
    const std::string& time_a = a.second.commit_time.empty() ? a.second.first_start : a.second.commit_time;
    const std::string& time_b = b.second.commit_time.empty() ? b.second.first_start : b.second.commit_time;
    return std::tie(time_a, a.first) < std::tie(time_b, b.first);
  });
  CommitAxis out;
  for (const auto& [commit, when] : ordered) {
    out.index[commit] = out.commits.size();
    out.commits.push_back(
        CommitEntry{commit, commit.empty() ? "local" : commit.substr(0, 7), "", "", when.commit_time});
  }
  return out;
}

} // namespace tally::analysis::history
