// Baseline choice, as CI needs it: the merge base for a merge request (falling back to the
// target's newest commit with runs), else the branch's previous commit with runs.
#include "gate/commit_selection.hpp"

#include "analysis/history/commit_axis.hpp"
#include "analysis/history/git_history.hpp"

#include <algorithm>
#include <optional>

namespace tally::gate {
namespace {

bool same_commit(const std::string& document_commit, const std::string& id) {
  return !id.empty() && !document_commit.empty() &&
         (document_commit.starts_with(id) || id.starts_with(document_commit));
}

std::set<std::string> matching(const analysis::history::CommitAxis& axis, const std::string& id) {
  std::set<std::string> out;
  for (const analysis::history::CommitEntry& entry : axis.commits) {
    if (same_commit(entry.sha, id)) out.insert(entry.sha);
  }
  return out;
}

/// Pools up to `count` commits with runs from `ids` (newest first), leaving out the candidate's.
void pool(const analysis::history::CommitAxis& axis, const std::vector<std::string>& ids, std::size_t count,
          SelectedCommits& out) {
  std::size_t taken = 0;
  for (const std::string& id : ids) {
    if (taken == count) break;
    std::set<std::string> found = matching(axis, id);
    for (const std::string& commit : out.selection.candidate)
      found.erase(commit);
    if (found.empty()) continue;
    if (taken == 0) out.heading.baseline = id.substr(0, 12);
    out.selection.baseline.insert(found.begin(), found.end());
    ++taken;
  }
  if (taken > 1) out.heading.baseline = std::to_string(taken) + " commits from " + out.heading.baseline;
}

/// The merge-request target named by the candidate's documents, if any.
std::optional<std::string> target_branch(const analysis::ingest::RunSet& runs, const std::set<std::string>& candidate) {
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const auto& source = run.document.source;
    if (source && candidate.count(source->commit) && source->is_merge_request && source->target_branch)
      return *source->target_branch;
  }
  return std::nullopt;
}

std::vector<std::string> git_ids(const analysis::history::History& history) {
  std::vector<std::string> out;
  for (const analysis::history::CommitInfo& commit : history.commits)
    out.push_back(commit.sha);
  return out;
}

/// Without git: commits on the axis (document time order), newest first, up to `last`.
std::vector<std::string> axis_ids_before(const analysis::history::CommitAxis& axis, std::size_t last) {
  std::vector<std::string> out;
  for (std::size_t i = last + 1; i-- > 0;)
    out.push_back(axis.commits[i].sha);
  return out;
}

} // namespace

std::variant<SelectedCommits, std::string> select_commits(const analysis::ingest::RunSet& runs,
                                                          const SelectionRequest& request) {
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  SelectedCommits out;
  std::optional<analysis::history::GitRepository> repository;
  if (!request.repository.empty()) {
    auto opened = analysis::history::GitRepository::open(request.repository);
    if (auto* error = std::get_if<analysis::history::GitError>(&opened)) return error->message;
    repository.emplace(std::move(std::get<analysis::history::GitRepository>(opened)));
  }
  const auto resolve = [&](const std::string& revision) -> std::variant<std::string, std::string> {
    if (!repository) return std::variant<std::string, std::string>(std::in_place_index<0>, revision);
    auto id = repository->resolve(revision);
    if (auto* error = std::get_if<analysis::history::GitError>(&id))
      return std::variant<std::string, std::string>(std::in_place_index<1>, error->message);
    return std::variant<std::string, std::string>(std::in_place_index<0>, std::get<std::string>(id));
  };
  auto candidate = resolve(request.candidate);
  if (candidate.index() == 1) return std::get<1>(candidate);
  out.candidate_commit = std::get<0>(candidate);
  out.selection.candidate = matching(axis, out.candidate_commit);
  if (out.selection.candidate.empty()) return "no runs of the candidate " + request.candidate;
  out.heading.candidate = (repository ? out.candidate_commit : *out.selection.candidate.begin()).substr(0, 12);

  const auto pool_history = [&](const std::string& id) -> std::optional<std::string> {
    if (repository) {
      auto history = repository->first_parent_history(id);
      if (auto* error = std::get_if<analysis::history::GitError>(&history)) return error->message;
      pool(axis, git_ids(std::get<analysis::history::History>(history)), request.history, out);
    } else {
      std::vector<std::string> ids;
      for (std::size_t i = axis.commits.size(); i-- > 0;) {
        if (!ids.empty() || same_commit(axis.commits[i].sha, id)) ids.push_back(axis.commits[i].sha);
      }
      pool(axis, ids, request.history, out);
    }
    return std::nullopt;
  };

  std::string baseline = request.baseline;
  if (baseline.empty()) {
    if (const auto target = target_branch(runs, out.selection.candidate)) {
      out.notes.push_back("merge request into " + *target + ": baseline is the merge base");
      if (repository) {
        auto target_id = repository->resolve(*target);
        if (auto* error = std::get_if<analysis::history::GitError>(&target_id)) return error->message;
        auto base = repository->merge_base(out.candidate_commit, std::get<std::string>(target_id));
        if (auto* error = std::get_if<analysis::history::GitError>(&base)) return error->message;
        const auto& merge_base = std::get<std::optional<std::string>>(base);
        if (merge_base && !matching(axis, *merge_base).empty())
          baseline = *merge_base;
        else {
          out.notes.push_back("the merge base has no runs: taking the newest commit of " + *target + " with runs");
          baseline = std::get<std::string>(target_id);
        }
      } else {
        // Without git, the target's newest commit with runs by commit time.
        std::optional<std::size_t> newest;
        for (const analysis::ingest::LoadedRun& run : runs.runs) {
          const auto& source = run.document.source;
          if (!source || source->branch != *target || out.selection.candidate.count(source->commit)) continue;
          const std::size_t position = *axis.position(run.document);
          if (!newest || position > *newest) newest = position;
        }
        if (newest) baseline = axis.commits[*newest].sha;
      }
    } else {
      out.notes.push_back("no --baseline: the candidate's previous commit with runs");
      if (repository) {
        auto history = repository->first_parent_history(out.candidate_commit);
        if (auto* error = std::get_if<analysis::history::GitError>(&history)) return error->message;
        auto ids = git_ids(std::get<analysis::history::History>(history));
        if (!ids.empty()) ids.erase(ids.begin());
        pool(axis, ids, request.history, out);
      } else {
        const std::size_t position = axis.index.at(*out.selection.candidate.begin());
        if (position > 0) pool(axis, axis_ids_before(axis, position - 1), request.history, out);
      }
    }
  }
  if (!baseline.empty()) {
    auto baseline_id = resolve(baseline);
    if (baseline_id.index() == 1) return std::get<1>(baseline_id);
    if (auto error = pool_history(std::get<0>(baseline_id))) return *error;
  }
  if (out.heading.baseline.empty()) out.heading.baseline = baseline.empty() ? "none" : baseline + " (no runs)";
  return out;
}

} // namespace tally::gate
