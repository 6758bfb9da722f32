// SPDX-License-Identifier: BSD-3-Clause
// Commit order without a repository: the documents' ids grouped into commits by CommitResolver's
// rule, ordered by the times the documents record.
#include "analysis/history/commit_axis.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <utility>

namespace tally::analysis::history {

std::string commit_of(const model::RunDocument& document) {
  return document.source ? document.source->commit : std::string();
}

std::optional<std::size_t> CommitAxis::position(const model::RunDocument& document) const {
  const auto found = index.find(commit_of(document));
  if (found == index.end()) return std::nullopt;
  return found->second;
}

void IdTimes::add(const IdTimes& other) {
  // "" is unknown, not earliest.
  for (auto [mine, theirs] :
       {std::pair(&commit_time, &other.commit_time), std::pair(&first_start, &other.first_start)}) {
    if (!theirs->empty() && (mine->empty() || *theirs < *mine)) *mine = *theirs;
  }
}

namespace {

// The commits known without git, one spelling each: every id that no other id starts with
// (ignoring case), and every id that cannot abbreviate a commit (kept as written).
std::vector<std::string> commits_of(const std::map<std::string, IdTimes>& ids) {
  std::vector<std::string> out;
  std::map<std::string, std::string> spelling; // normalised id -> the spelling shown
  for (const auto& entry : ids) {
    const std::string normalised = normalised_id(entry.first);
    if (normalised.empty()) {
      out.push_back(entry.first);
      continue;
    }
    // Lower case sorts last: of two spellings of one id, the lower-case one is shown.
    auto [found, inserted] = spelling.try_emplace(normalised, entry.first);
    if (!inserted) found->second = std::max(found->second, entry.first);
  }
  for (auto it = spelling.begin(); it != spelling.end(); ++it) {
    // Sorted: an id that abbreviates others is directly followed by one of them.
    const auto next = std::next(it);
    if (next == spelling.end() || !next->first.starts_with(it->first)) out.push_back(it->second);
  }
  return out;
}

} // namespace

CommitAxis order_by_time(const std::map<std::string, IdTimes>& ids) {
  const std::vector<std::string> commits = commits_of(ids);
  const CommitResolver resolver(commits);
  std::vector<std::vector<std::string>> ids_of(commits.size());
  std::vector<IdTimes> when(commits.size());
  CommitAxis out;
  for (const auto& [id, times] : ids) {
    const Resolution resolution = resolver.resolve(id);
    // Every id is a commit or starts one, so it names one commit or several, never none.
    if (resolution.kind != Resolution::Kind::named) {
      AmbiguousId ambiguous{id, {}};
      for (const std::size_t index : resolution.commits)
        ambiguous.candidates.push_back(commits[index]);
      std::sort(ambiguous.candidates.begin(), ambiguous.candidates.end());
      out.off_branch.push_back(CommitEntry{id, id.substr(0, 7), describe(ambiguous), "", times.commit_time, {id}});
      out.ambiguous.push_back(std::move(ambiguous));
      continue;
    }
    when[resolution.commits.front()].add(times);
    ids_of[resolution.commits.front()].push_back(id);
  }

  std::vector<std::size_t> order(commits.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // ISO 8601 UTC strings sort as times; commits without a commit time sort by their first run.
  const auto time_of = [&when](std::size_t i) -> const std::string& {
    return when[i].commit_time.empty() ? when[i].first_start : when[i].commit_time;
  };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(time_of(a), commits[a]) < std::tie(time_of(b), commits[b]);
  });
  for (const std::size_t i : order) {
    for (const std::string& id : ids_of[i])
      out.index[id] = out.commits.size();
    out.commits.push_back(CommitEntry{commits[i], commits[i].empty() ? "local" : commits[i].substr(0, 7), "", "",
                                      when[i].commit_time, std::move(ids_of[i])});
  }
  return out;
}

CommitAxis order_by_document_time(const ingest::RunSet& runs) {
  std::map<std::string, IdTimes> ids;
  for (const ingest::LoadedRun& run : runs.runs) {
    const auto& source = run.document.source;
    const std::string commit_time = source ? source->commit_time.value_or("") : "";
    ids[commit_of(run.document)].add(IdTimes{commit_time, run.document.run.start_time});
  }
  return order_by_time(ids);
}

} // namespace tally::analysis::history
