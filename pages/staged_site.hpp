// SPDX-License-Identifier: BSD-3-Clause
// A branch's site built in a hidden folder beside the published one and swapped in only when
// complete, so that a failed build (a full disk, a denied folder) leaves the previous site as it was.
#pragma once

#include "tally/model/atomic_file.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace tally::pages {

/// Names of the staging folders below the output folder: `.tally-staging.<branch folder>.<pid>.<n>`.
/// Branch folders never start with '.' (path_slug), so the two never meet.
inline constexpr const char* staging_prefix = ".tally-staging.";

/// The new site of the branch folder `<output>/<branch_folder>`, written into a staging folder on
/// the same file system. Destroyed unpublished (the build threw), it removes what it wrote.
class StagedSite {
public:
  /// Creates `output` if needed and the staging folder, after removing the staging folders of
  /// runs that crashed (those no live process holds locked). Throws std::runtime_error naming
  /// the folder that cannot be created.
  StagedSite(std::filesystem::path output, std::string branch_folder,
             const model::FileSystemCalls& calls = model::system_file_calls());
  ~StagedSite();
  StagedSite(const StagedSite&) = delete;
  StagedSite& operator=(const StagedSite&) = delete;

  /// Where the branch folder's files are written.
  const std::filesystem::path& folder() const { return staging_; }

  /// Stages `content` as the file `name` of the output folder itself (the index of the branches),
  /// put in place by publish(); a file that already holds `content` is left alone.
  void stage_top_file(const std::string& name, const std::string& content);

  /// Swaps the staging folder in for the branch folder, then puts the staged top files in place:
  /// all of it or, on a failure, none (the previous site as it was). Throws std::runtime_error.
  void publish();

private:
  struct TopFile {
    std::string name;
    bool existed; ///< a previous file was replaced, and its copy is staged
  };
  void swap_in(const std::filesystem::path& published);
  /// Puts back the first `moved` top files and the previous branch folder; what could not be, said.
  std::string undo(const std::filesystem::path& published, std::size_t moved);

  std::filesystem::path output_;
  std::string branch_folder_;
  const model::FileSystemCalls& calls_;
  std::filesystem::path staging_;
  std::filesystem::path aside_; ///< where the previous branch folder is once swapped out
  int staging_lock_ = -1;       ///< holds `staging_` locked while this run may still need it
  int previous_lock_ = -1;      ///< the previous branch folder, locked once publish() moves it aside
  std::vector<TopFile> top_files_;
  bool published_ = false;
};

} // namespace tally::pages
