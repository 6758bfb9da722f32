// SPDX-License-Identifier: BSD-3-Clause
// Baseline choice, as CI needs it: the merge base for a merge request (falling back to the
// target's newest commit with runs), else the branch's previous commit with runs.
#include "gate/commit_selection.hpp"

#include "analysis/history/branch_axis.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>
#include <variant>

namespace tally::gate {
namespace {

namespace history = analysis::history;
using Kind = SelectionError::Kind;

/// Keeps the ambiguous ids an axis reports, once each, with a note for stderr.
void note_ambiguous(const history::CommitAxis& axis, SelectedCommits& out) {
  for (const history::AmbiguousId& ambiguous : axis.ambiguous) {
    if (std::find(out.ambiguous.begin(), out.ambiguous.end(), ambiguous) != out.ambiguous.end()) continue;
    out.notes.push_back("runs of " + history::describe(ambiguous) + "; they are on neither side");
    out.ambiguous.push_back(ambiguous);
  }
}

/// Pools up to `request.history` commits with runs of `axis` before position `end`, newest first,
/// leaving out the candidate's commit; the next `request.noise_history` ones are the history
/// the noise is learned from.
void pool(const history::CommitAxis& axis, std::size_t end, const std::string& candidate,
          const SelectionRequest& request, SelectedCommits& out) {
  std::size_t taken = 0;
  for (std::size_t i = end; i-- > 0 && taken < request.history + request.noise_history;) {
    const history::CommitEntry& commit = axis.commits[i];
    if (commit.sha == candidate) continue;
    if (taken == 0) {
      out.heading.baseline = commit.sha.substr(0, 12);
      out.baseline_commit = commit.sha;
    }
    if (taken < request.history)
      out.selection.baseline.insert(commit.ids.begin(), commit.ids.end());
    else
      out.selection.history.emplace_back(commit.ids.begin(), commit.ids.end());
    ++taken;
  }
  taken = std::min(taken, request.history);
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

SelectionError no_candidate_runs(const std::string& revision, const std::string& commit,
                                 const std::vector<history::AmbiguousId>& ambiguous) {
  std::string message = "no runs of the candidate " + revision;
  for (const history::AmbiguousId& id : ambiguous) {
    if (std::find(id.candidates.begin(), id.candidates.end(), commit) != id.candidates.end())
      message += " (runs of " + history::describe(id) + ")";
  }
  return SelectionError{Kind::no_candidate_runs, message};
}

/// The document ids that name several commits of the first-parent histories of `candidate` and of
/// every branch the documents name (as the site and prune see those branches); branches git does
/// not know are skipped. Which commit an id names must not depend on the revision walked: walking
/// the candidate's history alone, an id naming the candidate and a later commit would be taken for
/// the candidate's.
std::vector<history::AmbiguousId> ambiguous_on_branches(const analysis::ingest::RunSet& runs,
                                                        const history::GitRepository& git, const std::string& candidate,
                                                        const std::set<std::string>& ids) {
  std::set<std::string> revisions = {candidate};
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    if (run.document.source && !run.document.source->branch.empty()) revisions.insert(run.document.source->branch);
  }
  std::vector<history::CommitInfo> known;
  std::set<std::string> seen;
  for (const std::string& revision : revisions) {
    auto walked = git.first_parent_history(revision);
    if (std::holds_alternative<history::GitError>(walked)) continue;
    for (history::CommitInfo& commit : std::get<history::History>(walked).commits) {
      if (seen.insert(commit.sha).second) known.push_back(std::move(commit));
    }
  }
  // Only the ambiguity is of use here: `known` is several histories, in no meaningful order.
  return history::order_along_history(known, ids).ambiguous;
}

/// Revisions resolved by git; the commits with runs along their first-parent histories.
SelectionResult select_with_git(const analysis::ingest::RunSet& runs, const SelectionRequest& request,
                                const history::GitRepository& git) {
  auto candidate = git.resolve(request.candidate);
  if (auto* error = std::get_if<history::GitError>(&candidate)) return SelectionError{Kind::revision, error->message};
  SelectedCommits out;
  out.candidate_commit = std::get<std::string>(candidate);

  std::set<std::string> ids;
  for (const analysis::ingest::LoadedRun& run : runs.runs)
    ids.insert(history::commit_of(run.document));
  history::CommitAxis on_branches;
  on_branches.ambiguous = ambiguous_on_branches(runs, git, out.candidate_commit, ids);
  note_ambiguous(on_branches, out);
  for (const history::AmbiguousId& ambiguous : on_branches.ambiguous)
    ids.erase(ambiguous.id);
  const auto axis_of = [&](const std::string& sha) -> history::GitResult<history::CommitAxis> {
    auto walked = git.first_parent_history(sha);
    if (const auto* error = std::get_if<history::GitError>(&walked)) return *error;
    history::CommitAxis axis = history::order_along_history(std::get<history::History>(walked).commits, ids);
    note_ambiguous(axis, out);
    return axis;
  };
  // A revision has runs when it is the newest commit with runs of its own history.
  const auto has_runs = [](const history::CommitAxis& axis, const std::string& sha) {
    return !axis.commits.empty() && axis.commits.back().sha == sha;
  };
  // Pools the commits with runs of a revision's history, from the revision itself back.
  const auto pool_from = [&](const std::string& sha) -> std::optional<SelectionError> {
    auto axis = axis_of(sha);
    if (const auto* error = std::get_if<history::GitError>(&axis))
      return SelectionError{Kind::revision, error->message};
    const auto& along = std::get<history::CommitAxis>(axis);
    pool(along, along.commits.size(), out.candidate_commit, request, out);
    return std::nullopt;
  };

  auto candidate_axis = axis_of(out.candidate_commit);
  if (auto* error = std::get_if<history::GitError>(&candidate_axis))
    return SelectionError{Kind::revision, error->message};
  const auto& along = std::get<history::CommitAxis>(candidate_axis);
  if (!has_runs(along, out.candidate_commit))
    return no_candidate_runs(request.candidate, out.candidate_commit, out.ambiguous);
  out.selection.candidate.insert(along.commits.back().ids.begin(), along.commits.back().ids.end());
  out.heading.candidate = out.candidate_commit.substr(0, 12);

  std::string baseline = request.baseline;
  std::optional<SelectionError> failed;
  if (!baseline.empty()) {
    auto id = git.resolve(baseline);
    if (auto* error = std::get_if<history::GitError>(&id)) return SelectionError{Kind::revision, error->message};
    failed = pool_from(std::get<std::string>(id));
  } else if (const auto target = target_branch(runs, out.selection.candidate)) {
    out.notes.push_back("merge request into " + *target + ": baseline is the merge base");
    auto target_id = git.resolve(*target);
    if (auto* error = std::get_if<history::GitError>(&target_id)) return SelectionError{Kind::revision, error->message};
    auto base = git.merge_base(out.candidate_commit, std::get<std::string>(target_id));
    if (auto* error = std::get_if<history::GitError>(&base)) return SelectionError{Kind::revision, error->message};
    const auto& merge_base = std::get<std::optional<std::string>>(base);
    std::optional<history::CommitAxis> base_axis;
    if (merge_base) {
      auto walked = axis_of(*merge_base);
      if (auto* error = std::get_if<history::GitError>(&walked)) return SelectionError{Kind::revision, error->message};
      base_axis = std::move(std::get<history::CommitAxis>(walked));
    }
    if (base_axis && has_runs(*base_axis, *merge_base)) {
      baseline = *merge_base;
      pool(*base_axis, base_axis->commits.size(), out.candidate_commit, request, out);
    } else {
      out.notes.push_back("the merge base has no runs: taking the newest commit of " + *target + " with runs");
      baseline = std::get<std::string>(target_id);
      failed = pool_from(baseline);
    }
  } else {
    out.notes.push_back("no --baseline: the candidate's previous commit with runs");
    pool(along, along.commits.size() - 1, out.candidate_commit, request, out);
  }
  if (failed) return *failed;
  if (out.heading.baseline.empty()) out.heading.baseline = baseline.empty() ? "none" : baseline + " (no runs)";
  return out;
}

/// Without git: revisions are matched against the commits the documents name (CommitResolver),
/// ordered by the commit time the documents record.
SelectionResult select_by_document_time(const analysis::ingest::RunSet& runs, const SelectionRequest& request) {
  const history::CommitAxis axis = history::order_by_document_time(runs);
  SelectedCommits out;
  note_ambiguous(axis, out);
  std::vector<std::string> commits;
  for (const history::CommitEntry& commit : axis.commits)
    commits.push_back(commit.sha);
  const history::CommitResolver resolver(commits);
  const auto ambiguity = [&](const std::string& role, const std::string& revision, const history::Resolution& named) {
    history::AmbiguousId ambiguous{revision, {}};
    for (const std::size_t position : named.commits)
      ambiguous.candidates.push_back(commits[position]);
    std::sort(ambiguous.candidates.begin(), ambiguous.candidates.end());
    return SelectionError{Kind::ambiguous, "the " + role + " " + history::describe(ambiguous) + " with runs"};
  };

  const history::Resolution candidate = resolver.resolve(request.candidate);
  if (candidate.kind == history::Resolution::Kind::ambiguous)
    return ambiguity("candidate", request.candidate, candidate);
  if (candidate.kind == history::Resolution::Kind::unknown)
    return no_candidate_runs(request.candidate, request.candidate, out.ambiguous);
  const std::size_t position = candidate.commits.front();
  const history::CommitEntry& candidate_commit = axis.commits[position];
  out.candidate_commit = request.candidate;
  out.selection.candidate.insert(candidate_commit.ids.begin(), candidate_commit.ids.end());
  out.heading.candidate = candidate_commit.sha.substr(0, 12);

  std::string baseline = request.baseline;
  if (!baseline.empty()) {
    const history::Resolution named = resolver.resolve(baseline);
    if (named.kind == history::Resolution::Kind::ambiguous) return ambiguity("baseline", baseline, named);
    if (named.kind == history::Resolution::Kind::named)
      pool(axis, named.commits.front() + 1, candidate_commit.sha, request, out);
  } else if (const auto target = target_branch(runs, out.selection.candidate)) {
    out.notes.push_back("merge request into " + *target + ": baseline is the merge base");
    // Without git, the target's newest commit with runs by commit time.
    std::optional<std::size_t> newest;
    for (const analysis::ingest::LoadedRun& run : runs.runs) {
      const auto& source = run.document.source;
      const auto at = axis.position(run.document);
      if (!source || source->branch != *target || !at || *at == position) continue;
      if (!newest || *at > *newest) newest = at;
    }
    if (newest) {
      baseline = axis.commits[*newest].sha;
      pool(axis, *newest + 1, candidate_commit.sha, request, out);
    }
  } else {
    out.notes.push_back("no --baseline: the candidate's previous commit with runs");
    pool(axis, position, candidate_commit.sha, request, out);
  }
  if (out.heading.baseline.empty()) out.heading.baseline = baseline.empty() ? "none" : baseline + " (no runs)";
  return out;
}

} // namespace

SelectionResult select_commits(const analysis::ingest::RunSet& runs, const SelectionRequest& request) {
  if (request.repository.empty()) return select_by_document_time(runs, request);
  auto opened = history::GitRepository::open(request.repository);
  if (auto* error = std::get_if<history::GitError>(&opened)) return SelectionError{Kind::repository, error->message};
  return select_with_git(runs, request, std::get<history::GitRepository>(opened));
}

} // namespace tally::gate
