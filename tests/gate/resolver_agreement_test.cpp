// SPDX-License-Identifier: BSD-3-Clause
// The site, the gate and prune agree on which commit each document's id names, with and without git.
#include "analysis/history/branch_axis.hpp"
#include "analysis/history/commit_axis.hpp"
#include "analysis/history/prune_plan.hpp"
#include "gate/commit_selection.hpp"

#include "run_factory.hpp"
#ifdef TALLY_GIT
#include "scratch_repository.hpp"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace tally::gate {
namespace {

namespace history = analysis::history;

std::string upper(std::string id) {
  for (char& c : id)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return id;
}

/// Four commits with runs, oldest first, of which the first two (in the order given) share their
/// first four digits, `prefix`, and no other commit of the history does.
struct Commits {
  std::vector<std::string> full; ///< lower-case full ids, oldest first
  std::string shared_first, shared_second, prefix;
};

/// Which commit each document is on: file -> full id, "" when on none (the ambiguous one).
using Placement = std::map<std::string, std::string>;

/// The normalised form of an ambiguous id and its candidates, to compare across the tools.
std::set<std::pair<std::string, std::vector<std::string>>> normalised(const std::vector<history::AmbiguousId>& list) {
  std::set<std::pair<std::string, std::vector<std::string>>> out;
  for (const history::AmbiguousId& ambiguous : list) {
    std::vector<std::string> candidates;
    for (const std::string& candidate : ambiguous.candidates)
      candidates.push_back(history::normalised_id(candidate));
    std::sort(candidates.begin(), candidates.end());
    out.emplace(ambiguous.id, candidates);
  }
  return out;
}

/// Three documents per commit, day i for the i-th: the full id, seven upper-case digits, seven
/// lower-case digits; and one document whose id is the shared prefix in upper case, the newest.
analysis::ingest::RunSet documents(const Commits& commits) {
  analysis::ingest::RunSet runs;
  const auto add = [&runs](const std::string& id, const std::string& time, const std::string& file) {
    analysis::testing::RunShape shape;
    shape.commit = id;
    shape.commit_time = time;
    runs.runs.push_back(analysis::testing::make_run(shape, 1, 1));
    runs.runs.back().file = file;
  };
  for (std::size_t i = 0; i < commits.full.size(); ++i) {
    const std::string& id = commits.full[i];
    const std::string time = "2026-01-0" + std::to_string(i + 1) + "T00:00:00Z";
    add(id, time, id + "-full.json");
    add(upper(id.substr(0, 7)), time, id + "-upper.json");
    add(id.substr(0, 7), time, id + "-short.json");
  }
  add(upper(commits.prefix), "2026-01-09T00:00:00Z", "ambiguous.json");
  return runs;
}

/// What every tool must find: each document on its commit, the prefix on none.
Placement expected(const Commits& commits) {
  Placement out;
  for (const std::string& id : commits.full) {
    for (const char* spelling : {"-full.json", "-upper.json", "-short.json"})
      out[id + spelling] = id;
  }
  out["ambiguous.json"] = "";
  return out;
}

std::vector<history::AmbiguousId> expected_ambiguous(const Commits& commits) {
  std::vector<std::string> candidates = {commits.shared_first, commits.shared_second};
  std::sort(candidates.begin(), candidates.end());
  return {{upper(commits.prefix), candidates}};
}

/// The site: where the axis places each document, and the commits in its order.
Placement placement_on(const history::CommitAxis& axis, const analysis::ingest::RunSet& runs,
                       std::vector<std::string>& order) {
  Placement out;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const auto position = axis.position(run.document);
    out[run.file.string()] = position ? history::normalised_id(axis.commits[*position].sha) : "";
  }
  for (const history::CommitEntry& commit : axis.commits)
    order.push_back(history::normalised_id(commit.sha));
  return out;
}

/// The gate: each commit in turn as the candidate, named by seven upper-case digits; its default
/// baseline must be the commit before it.
Placement placement_by_gate(const Commits& commits, const analysis::ingest::RunSet& runs, const std::string& repository,
                            std::vector<history::AmbiguousId>& ambiguous) {
  Placement out;
  for (const analysis::ingest::LoadedRun& run : runs.runs)
    out[run.file.string()] = "";
  for (std::size_t i = 0; i < commits.full.size(); ++i) {
    const std::string& id = commits.full[i];
    const SelectionResult result = select_commits(runs, SelectionRequest{repository, upper(id.substr(0, 7)), "", 1});
    if (const auto* error = std::get_if<SelectionError>(&result)) {
      ADD_FAILURE() << id << ": " << error->message;
      continue;
    }
    const SelectedCommits& selected = std::get<SelectedCommits>(result);
    for (const analysis::ingest::LoadedRun& run : runs.runs) {
      const std::string commit = history::commit_of(run.document);
      if (selected.selection.candidate.count(commit)) {
        EXPECT_EQ(out[run.file.string()], "") << run.file << " is the candidate of two commits";
        out[run.file.string()] = id;
      }
      // The baseline is the previous commit: its three documents, none other.
      const bool in_baseline = selected.selection.baseline.count(commit) > 0;
      const bool previous = i > 0 && run.file.string().starts_with(commits.full[i - 1] + "-");
      EXPECT_EQ(in_baseline, previous) << "candidate " << id << ", " << run.file;
    }
    for (const history::AmbiguousId& noted : selected.ambiguous) {
      if (std::find(ambiguous.begin(), ambiguous.end(), noted) == ambiguous.end()) ambiguous.push_back(noted);
    }
  }
  return out;
}

/// Prune: the commits of the branch's plan (newest first) and their documents.
Placement placement_by_prune(const history::BranchPlan& plan, std::vector<std::string>& order) {
  Placement out;
  for (const history::PlannedCommit& commit : plan.commits) {
    const bool ambiguous = std::any_of(plan.ambiguous.begin(), plan.ambiguous.end(),
                                       [&commit](const history::AmbiguousId& id) { return id.id == commit.commit; });
    if (!ambiguous) order.insert(order.begin(), history::normalised_id(commit.commit));
    for (const std::filesystem::path& file : commit.files)
      out[file.string()] = ambiguous ? "" : history::normalised_id(commit.commit);
  }
  return out;
}

/// Gives the same documents to the site, the gate and prune, without git and, when `repository`
/// is given, with it; all of them must place every document alike and report the ambiguous id.
void check_agreement(const Commits& commits, const std::vector<history::CommitInfo>& first_parent_history,
                     const std::string& repository) {
  const analysis::ingest::RunSet runs = documents(commits);
  const Placement want = expected(commits);
  const auto want_ambiguous = normalised(expected_ambiguous(commits));
  const std::string prefix_id = upper(commits.prefix);

  for (const bool with_git : {false, true}) {
    if (with_git && repository.empty()) continue;
    SCOPED_TRACE(with_git ? "with the repository" : "without a repository");

    // The site: by document time without git; along the first-parent history with it.
    history::CommitAxis axis;
    if (with_git) {
      const auto ordered = history::order_by_git_history(runs, repository, "main");
      ASSERT_TRUE(std::holds_alternative<history::CommitAxis>(ordered)) << std::get<std::string>(ordered);
      axis = std::get<history::CommitAxis>(ordered);
    } else {
      axis = history::order_by_document_time(runs);
    }
    std::vector<std::string> site_order;
    EXPECT_EQ(placement_on(axis, runs, site_order), want) << "the site";
    EXPECT_EQ(site_order, commits.full) << "the site";
    EXPECT_EQ(normalised(axis.ambiguous), want_ambiguous) << "the site";

    // The site's pure ordering along a history, as it runs after git has been read.
    std::set<std::string> ids;
    for (const analysis::ingest::LoadedRun& run : runs.runs)
      ids.insert(history::commit_of(run.document));
    std::vector<std::string> along_order;
    const history::CommitAxis along = history::order_along_history(first_parent_history, ids);
    EXPECT_EQ(placement_on(along, runs, along_order), want) << "order_along_history";
    EXPECT_EQ(along_order, commits.full) << "order_along_history";
    EXPECT_EQ(normalised(along.ambiguous), want_ambiguous) << "order_along_history";

    // The gate.
    const std::string gate_repository = with_git ? repository : "";
    std::vector<history::AmbiguousId> gate_ambiguous;
    EXPECT_EQ(placement_by_gate(commits, runs, gate_repository, gate_ambiguous), want) << "the gate";
    EXPECT_EQ(normalised(gate_ambiguous), want_ambiguous) << "the gate";
    // The ambiguous id as a revision is an error; without git it names the candidates.
    const SelectionResult refused = select_commits(runs, SelectionRequest{gate_repository, prefix_id, "", 1});
    ASSERT_TRUE(std::holds_alternative<SelectionError>(refused)) << "the gate took " << prefix_id;
    const SelectionError& error = std::get<SelectionError>(refused);
    if (!with_git) {
      EXPECT_EQ(error.kind, SelectionError::Kind::ambiguous);
      EXPECT_EQ(error.message,
                "the candidate " + history::describe(expected_ambiguous(commits).front()) + " with runs");
    } else {
      EXPECT_EQ(error.kind, SelectionError::Kind::revision) << error.message;
    }

    // Prune.
    std::optional<history::GitRepository> git;
    if (with_git) git.emplace(std::move(std::get<history::GitRepository>(history::GitRepository::open(repository))));
    const history::PrunePlan plan =
        history::plan_prune(runs, history::PruneRequest{{"release"}, 10}, git ? &*git : nullptr);
    ASSERT_EQ(plan.branches.size(), 1u);
    EXPECT_TRUE(plan.branches[0].history_error.empty()) << plan.branches[0].history_error;
    std::vector<std::string> prune_order;
    EXPECT_EQ(placement_by_prune(plan.branches[0], prune_order), want) << "prune";
    EXPECT_EQ(prune_order, commits.full) << "prune";
    EXPECT_EQ(normalised(plan.branches[0].ambiguous), want_ambiguous) << "prune";
  }
}

history::CommitInfo made_up(const std::string& sha) {
  history::CommitInfo commit;
  commit.sha = sha;
  commit.short_sha = sha.substr(0, 7);
  return commit;
}

TEST(ResolverAgreement, site_gate_and_prune_place_short_and_upper_case_ids_alike_without_git) {
  Commits commits;
  commits.shared_first = "cafe1111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  commits.shared_second = "cafe2222bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
  commits.prefix = "cafe";
  commits.full = {"0123456789abcdef0123456789abcdef01234567", commits.shared_first,
                  "89abcdef0123456789abcdef0123456789abcdef", commits.shared_second};
  // A made-up first-parent history, newest first, with commits without runs in between.
  const std::vector<history::CommitInfo> first_parent_history = {
      made_up(commits.full[3]), made_up(commits.full[2]), made_up("fedcba9876543210fedcba9876543210fedcba98"),
      made_up(commits.full[1]), made_up(commits.full[0]), made_up("7777777777777777777777777777777777777777")};
  check_agreement(commits, first_parent_history, "");
}

#ifdef TALLY_GIT
TEST(ResolverAgreement, site_gate_and_prune_place_short_and_upper_case_ids_alike_with_git) {
  // Enough commits (made in one go by fast-import, at fixed times, so their ids are always the
  // same) for two of them to share their first four digits.
  history::scratch::ScratchFolder folder;
  history::scratch::ScratchRepository repository(folder.path() / "repo");
  const std::filesystem::path stream_file = folder.path() / "commits.stream";
  {
    std::ofstream stream(stream_file, std::ios::binary);
    for (int i = 0; i < 1000; ++i) {
      const std::string message = "commit " + std::to_string(i) + "\n";
      stream << "commit refs/heads/main\ncommitter Ada Lovelace <ada@example.org> " << 1767225600 + 60 * i
             << " +0000\ndata " << message.size() << '\n'
             << message << '\n';
    }
  }
  repository.git("fast-import --quiet < '" + stream_file.string() + "'");
  std::vector<std::string> oldest_first;
  std::istringstream listed(repository.git("rev-list --first-parent --reverse main"));
  for (std::string sha; std::getline(listed, sha);)
    oldest_first.push_back(sha);
  ASSERT_EQ(oldest_first.size(), 1000u);

  // The first prefix of four digits shared by exactly two commits.
  std::map<std::string, std::vector<std::size_t>> by_prefix;
  for (std::size_t i = 0; i < oldest_first.size(); ++i)
    by_prefix[oldest_first[i].substr(0, 4)].push_back(i);
  std::optional<std::pair<std::size_t, std::size_t>> pair;
  for (const auto& [prefix, positions] : by_prefix) {
    if (positions.size() == 2 && (!pair || positions[1] < pair->second)) pair = {positions[0], positions[1]};
  }
  ASSERT_TRUE(pair) << "no two commits share their first four digits";
  // With the oldest and the newest commit that are not of the pair, ordered oldest first.
  const auto of_pair = [&pair](std::size_t i) { return i == pair->first || i == pair->second; };
  std::size_t oldest = 0, newest = oldest_first.size() - 1;
  while (of_pair(oldest))
    ++oldest;
  while (of_pair(newest))
    --newest;
  std::vector<std::size_t> with_runs = {pair->first, pair->second, oldest, newest};
  std::sort(with_runs.begin(), with_runs.end());

  Commits commits;
  commits.shared_first = oldest_first[pair->first];
  commits.shared_second = oldest_first[pair->second];
  commits.prefix = commits.shared_first.substr(0, 4);
  for (const std::size_t position : with_runs)
    commits.full.push_back(oldest_first[position]);

  const history::GitRepository git = history::scratch::value_of(history::GitRepository::open(repository.folder()));
  const history::History first_parent = history::scratch::value_of(git.first_parent_history("main"));
  check_agreement(commits, first_parent.commits, repository.folder().string());
}
#endif

} // namespace
} // namespace tally::gate
