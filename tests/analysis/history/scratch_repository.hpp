// SPDX-License-Identifier: BSD-3-Clause
// Throwaway git repositories for the history tests, built with the git command line (fixed dates,
// local identity, no user or system configuration) in a temporary folder removed afterwards.
#pragma once

#include "analysis/history/git_history.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace tally::analysis::history::scratch {

/// A temporary folder, removed with everything in it when the object goes.
class ScratchFolder {
public:
  ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  ~ScratchFolder();
  const std::filesystem::path& path() const { return path_; }

private:
  std::filesystem::path path_;
};

/// Runs `git <arguments>` in `folder` (a shell command line, quoted by the caller) and returns its
/// standard output without the final newline; throws std::runtime_error when git fails.
std::string run_git(const std::filesystem::path& folder, const std::string& arguments, const std::string& date = "");

/// A repository at `folder`, created with branch main, or a clone (`git clone <arguments>`).
class ScratchRepository {
public:
  explicit ScratchRepository(std::filesystem::path folder);
  ScratchRepository(std::filesystem::path folder, const std::string& clone_arguments);

  /// Commits (nothing changed, only the message) with this author and committer date
  /// (`2026-03-01T12:00:00+01:00`); returns the full sha. With an `encoding` (`ISO-8859-1`) the
  /// message bytes are stored as given, otherwise git turns what is not UTF-8 into UTF-8.
  std::string commit(const std::string& message, const std::string& date, const std::string& author = "Ada Lovelace",
                     const std::string& encoding = "");

  /// `git <arguments>` in this repository, its output.
  std::string git(const std::string& arguments, const std::string& date = "") const {
    return run_git(folder_, arguments, date);
  }

  const std::filesystem::path& folder() const { return folder_; }

private:
  std::filesystem::path folder_;
};

/// The value of a result; a GitError becomes an exception, which GoogleTest reports with its message.
template <class T> T value_of(GitResult<T> result) {
  if (const GitError* error = std::get_if<GitError>(&result)) throw std::runtime_error(error->message);
  return std::get<T>(std::move(result));
}

/// The message of a result that should be an error; "" when it is a value.
template <class T> std::string error_of(const GitResult<T>& result) {
  const GitError* error = std::get_if<GitError>(&result);
  return error != nullptr ? error->message : "";
}

} // namespace tally::analysis::history::scratch
