// SPDX-License-Identifier: BSD-3-Clause
// The one file writer of tally: whole or not at all (temporary file, then an atomic move).
//
// A reader sees the old file or the new one and never half of one. Every system call goes through
// FileSystemCalls so tests can inject ENOSPC, EACCES and EINTR.
#pragma once

#include <string>
#include <string_view>
#include <sys/types.h>

namespace tally::model {

/// The system calls of the writer; tests replace some to inject failures.
struct FileSystemCalls {
  int (*open_file)(const char* path, int flags, mode_t mode);
  ssize_t (*write_file)(int fd, const void* data, size_t size);
  int (*sync_file)(int fd);
  int (*close_file)(int fd);
  int (*make_folder)(const char* path, mode_t mode);
  /// Moves `from` to `to` atomically, failing with EEXIST if `to` exists.
  int (*move_no_replace)(const char* from, const char* to);
  /// Moves `from` to `to` atomically, replacing `to` if it exists.
  int (*move_replace)(const char* from, const char* to);
  int (*remove_file)(const char* path);
  /// Swaps the entries `a` and `b` (two folders) atomically; EINVAL where the file system cannot.
  int (*exchange)(const char* a, const char* b);
};

/// The real system calls.
const FileSystemCalls& system_file_calls();

/// What the writer does when the target exists already.
enum class Existing {
  keep_and_number, ///< keep it and write `name-2.ext`, `name-3.ext`, ... instead (run documents)
  refuse,          ///< keep it and fail with "exists already; not overwritten" (imported documents)
  replace,         ///< replace it atomically (site pages, reports); a link's target is replaced, a
                   ///< device or a pipe (/dev/stdout) written as it is
};

/// Whether the content reaches the disk (fsync) before the move. Files that are the only copy of
/// a measurement need it; files rebuilt from documents on every run can skip its cost.
enum class Sync { durable, fast };

struct WrittenFile {
  std::string path;  ///< the file written, when it worked
  std::string error; ///< empty when it worked, otherwise `path: what failed: why`
};

/// Writes `content` to `path`, creating missing folders. Never throws for a failed system call
/// (usable inside a preloaded program) and never leaves a temporary or half-written file behind:
/// on failure an existing file at `path` is unchanged.
WrittenFile write_file_atomically(const std::string& path, std::string_view content, Existing existing,
                                  Sync sync = Sync::durable, const FileSystemCalls& calls = system_file_calls());

/// Creates `folder` and its parents (mkdir -p); an existing folder is fine. Returns the problem as
/// `folder: cannot create folder: why`, or "" on success.
std::string make_folders(const std::string& folder, const FileSystemCalls& calls = system_file_calls());

} // namespace tally::model
