// Writing a run document into the output folder: never half-written (temporary file, then an
// atomic move), never over an existing file. Every system call goes through FileSystemCalls so
// tests can inject ENOSPC, EACCES and EINTR.
#pragma once

#include <string>
#include <sys/types.h>

namespace tally::profiler {

struct FileSystemCalls {
  int (*open_file)(const char* path, int flags, mode_t mode);
  ssize_t (*write_file)(int fd, const void* data, size_t size);
  int (*sync_file)(int fd);
  int (*close_file)(int fd);
  int (*make_folder)(const char* path, mode_t mode);
  /// Moves `from` to `to` atomically, failing with EEXIST if `to` exists.
  int (*move_no_replace)(const char* from, const char* to);
  int (*remove_file)(const char* path);
};

/// The real system calls.
const FileSystemCalls& system_file_calls();

struct WrittenFile {
  std::string path;  ///< the file written, when it worked
  std::string error; ///< empty when it worked, otherwise what failed and why
};

/// Writes `content` to `folder`/`stem`.json, or `stem`-2.json, -3, ... if taken. Creates the
/// folder (and its parents) when missing. On any failure nothing is left behind.
WrittenFile write_new_file(const std::string& folder, const std::string& stem, const std::string& content,
                           const FileSystemCalls& calls = system_file_calls());

} // namespace tally::profiler
