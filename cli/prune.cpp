// SPDX-License-Identifier: BSD-3-Clause
// `tally prune`: keeps a history folder of run documents small. Reads the options, asks
// analysis/history for the plan (prune_plan.hpp), prints it and removes what it says.
#include "cli/commands.hpp"

#include "analysis/history/prune_plan.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

struct PruneOptions {
  std::string input;
  analysis::history::PruneRequest request;
  std::string repository;
  bool dry_run = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
};

/// Removes a document and the folders it leaves empty, up to (not including) the input folder.
bool remove_document(const fs::path& file, const fs::path& root) {
  std::error_code error;
  if (!fs::remove(file, error) || error) {
    std::cerr << "tally prune: cannot remove " << file.string() << ": " << error.message() << '\n';
    return false;
  }
  const fs::path top = fs::weakly_canonical(root, error);
  for (fs::path folder = fs::weakly_canonical(file.parent_path(), error);
       !error && folder != top && folder.native().size() > top.native().size(); folder = folder.parent_path()) {
    if (!fs::is_empty(folder, error) || error || !fs::remove(folder, error)) break;
  }
  return true;
}

int run_prune(const PruneOptions& options) {
  if (!fs::is_directory(options.input)) {
    std::cerr << "tally prune: " << options.input << ": no such folder\n";
    return 2;
  }
  const analysis::ingest::RunSet runs = analysis::ingest::load_runs({options.input}, options.jobs);
  if (!runs.invalid.empty())
    std::cerr << "tally prune: " << runs.invalid.size() << " invalid document(s) left as they are\n";
  std::optional<analysis::history::GitRepository> git;
  if (!options.repository.empty()) {
    auto opened = analysis::history::GitRepository::open(options.repository);
    if (const auto* error = std::get_if<analysis::history::GitError>(&opened)) {
      std::cerr << "tally prune: " << error->message << '\n';
      return 2;
    }
    git.emplace(std::move(std::get<analysis::history::GitRepository>(opened)));
  }
  const analysis::history::PrunePlan plan = analysis::history::plan_prune(runs, options.request, git ? &*git : nullptr);
  if (plan.without_branch > 0)
    std::cerr << "tally prune: " << plan.without_branch << " document(s) without a branch kept\n";

  std::size_t removed = 0, failed = 0;
  for (const analysis::history::BranchPlan& branch : plan.branches) {
    const std::size_t commits = branch.commits.size(), kept = branch.kept();
    if (branch.kept_whole) {
      std::cerr << "tally prune: branch " << branch.branch << ": " << commits << " commits, all kept\n";
      continue;
    }
    if (!branch.history_error.empty())
      std::cerr << "tally prune: " << branch.history_error << "; commits of '" << branch.branch
                << "' ordered by commit time\n";
    for (const analysis::history::AmbiguousId& ambiguous : branch.ambiguous)
      std::cerr << "tally prune: branch " << branch.branch << ": runs of " << analysis::history::describe(ambiguous)
                << "; placed after the branch's commits, by commit time\n";
    std::size_t documents = 0;
    for (const analysis::history::PlannedCommit& commit : branch.commits) {
      if (commit.kept) continue;
      for (const fs::path& file : commit.files) {
        std::cout << file.string() << '\n';
        ++documents;
        if (!options.dry_run) remove_document(file, options.input) ? ++removed : ++failed;
      }
    }
    std::cerr << "tally prune: branch " << branch.branch << ": " << commits << " commits, the newest " << kept
              << " kept, " << commits - kept << " (" << documents << " documents) "
              << (options.dry_run ? "would be removed" : "removed") << '\n';
  }
  if (failed > 0) std::cerr << "tally prune: " << failed << " document(s) could not be removed\n";
  return failed == 0 ? 0 : 1;
}

} // namespace

void add_prune_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PruneOptions>();
  CLI::App* command = app.add_subcommand(
      "prune", "Remove old runs from a history folder: keep some branches whole, the newest commits of the others");
  command->add_option("--input", options->input, "History folder of run documents (searched at any depth)")->required();
  command->add_option("--keep-branch", options->request.keep_branches, "Branch whose runs are all kept (repeatable)")
      ->required();
  command->add_option("--keep-commits", options->request.keep_commits, "Commits with runs kept on every other branch")
      ->capture_default_str();
  command->add_option("--repo", options->repository, "Git repository: order commits by first-parent history");
  command->add_flag("--dry-run", options->dry_run, "Print the documents that would be removed; remove nothing");
  command->add_option("--jobs", options->jobs, "Threads reading documents")->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_prune(*options); });
}

} // namespace tally::cli
