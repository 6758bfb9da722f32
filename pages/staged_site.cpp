// SPDX-License-Identifier: BSD-3-Clause
// The staging folder and its swap: renameat2(RENAME_EXCHANGE) where the file system has it, two
// renames where not (NFS); flock() marks the folders that a live run still needs. Folders move
// with rename(), never move_no_replace(), whose fallback (link()) cannot move a folder.
#include "pages/staged_site.hpp"

#include "pages/site_output.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tally::pages {
namespace {

namespace fs = std::filesystem;

// Files inside the staging folder: the new top files, and copies of the ones they replace.
constexpr const char* top_prefix = ".tally-top.";
constexpr const char* previous_prefix = ".tally-previous.";

std::runtime_error failure(const fs::path& path, const std::string& what, int error) {
  return std::runtime_error(path.string() + ": " + what + ": " + std::strerror(error));
}

/// A descriptor of `folder` holding its exclusive flock, or -1 with errno (EWOULDBLOCK: another
/// live process holds it). The lock goes with the process, so a crashed run holds none.
int lock_folder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
  const int error = errno;
  ::close(fd);
  errno = error;
  return -1;
}

void unlock(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

/// The staging folders that no live run holds: a crashed run's half-built or previous site.
void remove_leftovers(const fs::path& output) {
  std::error_code error;
  for (fs::directory_iterator entry(output, error), end; !error && entry != end; entry.increment(error)) {
    if (!entry->path().filename().string().starts_with(staging_prefix)) continue;
    int fd = lock_folder(entry->path());
    if (fd < 0) continue;
    std::error_code ignored; // what cannot be removed now is tried again by the next run
    fs::remove_all(entry->path(), ignored);
    unlock(fd);
  }
}

} // namespace

StagedSite::StagedSite(fs::path output, std::string branch_folder, const model::FileSystemCalls& calls)
    : output_(std::move(output)), branch_folder_(std::move(branch_folder)), calls_(calls) {
  if (const std::string problem = model::make_folders(output_.string(), calls_); !problem.empty())
    throw std::runtime_error(problem);
  remove_leftovers(output_);
  // The process id keeps runs apart, the counter the sites of one process (the tests).
  static std::atomic<unsigned> counter{0};
  // Another run's remove_leftovers() can take the folder between its mkdir and its lock: then
  // the lock fails or finds it removed (no links), and a new name is tried.
  for (int attempt = 0; attempt < 3 && staging_lock_ < 0; ++attempt) {
    staging_ = output_ / (staging_prefix + branch_folder_ + "." + std::to_string(::getpid()) + "." +
                          std::to_string(counter.fetch_add(1)));
    if (calls_.make_folder(staging_.c_str(), 0777) != 0) throw failure(staging_, "cannot create folder", errno);
    staging_lock_ = lock_folder(staging_);
    struct stat status {};
    if (staging_lock_ >= 0 && (::fstat(staging_lock_, &status) != 0 || status.st_nlink == 0)) unlock(staging_lock_);
  }
  if (staging_lock_ < 0) throw failure(staging_, "cannot lock folder", errno);
}

StagedSite::~StagedSite() {
  std::error_code ignored; // a leftover is removed by the next run
  // Unpublished: the half-built (or swapped back) site; published: the previous branch folder.
  if (!published_) fs::remove_all(staging_, ignored);
  if (published_ && !aside_.empty()) fs::remove_all(aside_, ignored);
  unlock(staging_lock_);
  unlock(previous_lock_);
}

void StagedSite::stage_top_file(const std::string& name, const std::string& content) {
  const fs::path target = output_ / name;
  std::error_code error;
  const bool existed = fs::exists(target, error);
  if (existed) {
    const std::string previous = read_text_file(target);
    if (previous == content) return;
    // Its copy, to put back if a later step of publish() fails once this file is replaced.
    write_site_file(staging_ / (previous_prefix + name), previous, calls_);
  }
  write_site_file(staging_ / (top_prefix + name), content, calls_);
  top_files_.push_back({name, existed});
}

void StagedSite::publish() {
  const fs::path published = output_ / branch_folder_;
  struct stat previous {};
  if (::lstat(published.c_str(), &previous) != 0) {
    if (calls_.move_replace(staging_.c_str(), published.c_str()) != 0) throw failure(published, "cannot write", errno);
  } else {
    // Locked before it moves to a staging name, so that no other run's remove_leftovers() takes
    // it while a failure below may still need it back.
    previous_lock_ = lock_folder(published);
    if (previous_lock_ < 0 && errno == EWOULDBLOCK)
      throw std::runtime_error(published.string() + ": another run is publishing this branch now; not replaced");
    if (previous_lock_ < 0) throw failure(published, "cannot replace", errno);
    swap_in(published);
  }
  for (std::size_t i = 0; i < top_files_.size(); ++i) {
    const fs::path target = output_ / top_files_[i].name;
    if (calls_.move_replace((published / (top_prefix + top_files_[i].name)).c_str(), target.c_str()) != 0) {
      const int error = errno;
      const std::string undone = undo(published, i);
      throw std::runtime_error(failure(target, "cannot write", error).what() + undone);
    }
  }
  published_ = true;
  // The copies of the replaced top files went into the published folder with the rest.
  for (const TopFile& file : top_files_)
    calls_.remove_file((published / (previous_prefix + file.name)).c_str());
}

void StagedSite::swap_in(const fs::path& published) {
  if (calls_.exchange(staging_.c_str(), published.c_str()) == 0) {
    aside_ = staging_;
    return;
  }
  if (errno == EBUSY || errno == EXDEV)
    throw std::runtime_error(failure(published, "cannot replace", errno).what() +
                             std::string(" (a mount point? mount the output folder instead)"));
  if (errno != EINVAL && errno != ENOSYS) throw failure(published, "cannot replace", errno);
  // Without an atomic exchange: two moves, between which the branch briefly has no folder.
  const fs::path aside = staging_.string() + ".previous";
  if (calls_.move_replace(published.c_str(), aside.c_str()) != 0) throw failure(published, "cannot replace", errno);
  if (calls_.move_replace(staging_.c_str(), published.c_str()) != 0) {
    const int error = errno;
    calls_.move_replace(aside.c_str(), published.c_str());
    throw failure(published, "cannot replace", error);
  }
  aside_ = aside;
}

std::string StagedSite::undo(const fs::path& published, std::size_t moved) {
  std::string problems;
  for (std::size_t i = 0; i < moved; ++i) {
    const fs::path target = output_ / top_files_[i].name;
    const int result =
        top_files_[i].existed
            ? calls_.move_replace((published / (previous_prefix + top_files_[i].name)).c_str(), target.c_str())
            : calls_.remove_file(target.c_str());
    if (result != 0) problems += "; " + target.string() + " could not be restored: " + std::strerror(errno);
  }
  if (aside_.empty()) {
    // There was no previous branch folder: the new one goes back to its staging name.
    if (calls_.move_replace(published.c_str(), staging_.c_str()) != 0)
      problems += "; " + published.string() + " could not be removed: " + std::strerror(errno);
  } else if (aside_ == staging_) {
    if (calls_.exchange(staging_.c_str(), published.c_str()) != 0)
      problems += "; " + published.string() + " could not be restored: " + std::strerror(errno);
  } else if (calls_.move_replace(published.c_str(), staging_.c_str()) != 0 ||
             calls_.move_replace(aside_.c_str(), published.c_str()) != 0) {
    problems += "; " + published.string() + " could not be restored: " + std::strerror(errno);
  }
  aside_.clear();
  return problems;
}

} // namespace tally::pages
