// `tally prune`: keeps a history folder of run documents small. The branches named with
// --keep-branch stay whole; of every other branch only the newest N commits' documents remain.
#include "cli/commands.hpp"

#include "analysis/history/git_history.hpp"
#include "analysis/ingest/run_loader.hpp"

#include <algorithm>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <thread>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

struct PruneOptions {
  std::string input;
  std::vector<std::string> keep_branches;
  std::size_t keep_commits = 10;
  std::string repository;
  bool dry_run = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
};

constexpr std::size_t not_in_history = std::numeric_limits<std::size_t>::max();

/// The documents of one commit of one branch, and what orders that commit among the branch's.
struct CommitRuns {
  std::string commit;
  std::string time;                      ///< commit time, else the first run's start (ISO 8601 UTC)
  std::size_t position = not_in_history; ///< in the first-parent history, 0 the newest
  std::vector<fs::path> files;
};

using BranchCommits = std::map<std::string, std::map<std::string, CommitRuns>>;

/// Places each commit of `branch` in its first-parent history; false (with a message) when the
/// branch cannot be read, and the commits are then ordered by time alone.
bool place_in_history(const analysis::history::GitRepository& git, const std::string& branch,
                      std::map<std::string, CommitRuns>& commits) {
  const auto history = git.first_parent_history(branch);
  if (const auto* error = std::get_if<analysis::history::GitError>(&history)) {
    std::cerr << "tally prune: " << error->message << "; commits of '" << branch << "' ordered by commit time\n";
    return false;
  }
  const std::vector<analysis::history::CommitInfo>& order = std::get<analysis::history::History>(history).commits;
  for (auto& [id, runs] : commits) {
    // Documents may carry abbreviated ids: a prefix of at least 7 digits names the commit.
    const auto found =
        std::find_if(order.begin(), order.end(), [&id = id](const analysis::history::CommitInfo& commit) {
          return id.size() >= 7 && commit.sha.compare(0, id.size(), id) == 0;
        });
    if (found != order.end()) runs.position = static_cast<std::size_t>(found - order.begin());
  }
  return true;
}

/// Newest first: commits on the branch's history by their place in it, then the others (rebased
/// away or never on it) by time, newest first.
std::vector<const CommitRuns*> newest_first(const std::map<std::string, CommitRuns>& commits) {
  std::vector<const CommitRuns*> order;
  for (const auto& entry : commits)
    order.push_back(&entry.second);
  std::sort(order.begin(), order.end(), [](const CommitRuns* a, const CommitRuns* b) {
    if (a->position != b->position) return a->position < b->position;
    return a->time != b->time ? a->time > b->time : a->commit < b->commit;
  });
  return order;
}

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
  BranchCommits branches;
  std::size_t without_branch = 0;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const auto& source = run.document.source;
    if (!source || source->branch.empty() || source->commit.empty()) {
      ++without_branch;
      continue;
    }
    CommitRuns& entry = branches[source->branch][source->commit];
    entry.commit = source->commit;
    const std::string time = source->commit_time.value_or(run.document.run.start_time);
    if (entry.files.empty() || time < entry.time) entry.time = time;
    entry.files.push_back(run.file);
  }
  if (without_branch > 0) std::cerr << "tally prune: " << without_branch << " document(s) without a branch kept\n";

  std::optional<analysis::history::GitRepository> git;
  if (!options.repository.empty()) {
    auto opened = analysis::history::GitRepository::open(options.repository);
    if (const auto* error = std::get_if<analysis::history::GitError>(&opened)) {
      std::cerr << "tally prune: " << error->message << '\n';
      return 2;
    }
    git.emplace(std::move(std::get<analysis::history::GitRepository>(opened)));
  }

  std::size_t removed = 0, failed = 0;
  for (auto& [branch, commits] : branches) {
    const bool kept_whole =
        std::find(options.keep_branches.begin(), options.keep_branches.end(), branch) != options.keep_branches.end();
    if (kept_whole) {
      std::cerr << "tally prune: branch " << branch << ": " << commits.size() << " commits, all kept\n";
      continue;
    }
    if (git) place_in_history(*git, branch, commits);
    const auto order = newest_first(commits);
    std::size_t documents = 0;
    for (std::size_t i = options.keep_commits; i < order.size(); ++i) {
      for (const fs::path& file : order[i]->files) {
        std::cout << file.string() << '\n';
        ++documents;
        if (!options.dry_run) remove_document(file, options.input) ? ++removed : ++failed;
      }
    }
    const std::size_t dropped = order.size() - std::min(order.size(), options.keep_commits);
    std::cerr << "tally prune: branch " << branch << ": " << order.size() << " commits, the newest "
              << order.size() - dropped << " kept, " << dropped << " (" << documents << " documents) "
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
  command->add_option("--keep-branch", options->keep_branches, "Branch whose runs are all kept (repeatable)")
      ->required();
  command->add_option("--keep-commits", options->keep_commits, "Commits with runs kept on every other branch")
      ->capture_default_str();
  command->add_option("--repo", options->repository, "Git repository: order commits by first-parent history");
  command->add_flag("--dry-run", options->dry_run, "Print the documents that would be removed; remove nothing");
  command->add_option("--jobs", options->jobs, "Threads reading documents")->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_prune(*options); });
}

} // namespace tally::cli
