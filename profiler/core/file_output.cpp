// Atomic, non-overwriting file output.
#include "core/file_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tally::profiler {
namespace {

int open_file(const char* path, int flags, mode_t mode) { return ::open(path, flags, mode); }

int move_no_replace(const char* from, const char* to) {
  if (::renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  // Filesystems without renameat2 flags: a hard link also refuses an existing target.
  if (::link(from, to) != 0) return -1;
  ::unlink(from);
  return 0;
}

const FileSystemCalls real_calls{open_file, ::write, ::fsync, ::close, ::mkdir, move_no_replace, ::unlink};

std::string failure(const std::string& what, const std::string& path, int error) {
  return what + " " + path + ": " + std::strerror(error);
}

/// mkdir -p; an existing folder is fine.
std::string make_folders(const std::string& folder, const FileSystemCalls& calls) {
  for (std::size_t slash = folder.find('/', 1);; slash = folder.find('/', slash + 1)) {
    const std::string prefix = folder.substr(0, slash);
    if (!prefix.empty() && calls.make_folder(prefix.c_str(), 0777) != 0 && errno != EEXIST) {
      return failure("cannot create folder", prefix, errno);
    }
    if (slash == std::string::npos) return "";
  }
}

std::string write_all(int fd, const std::string& content, const std::string& path, const FileSystemCalls& calls) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = calls.write_file(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return failure("cannot write", path, n < 0 ? errno : EIO);
    written += static_cast<std::size_t>(n);
  }
  while (calls.sync_file(fd) != 0) {
    if (errno != EINTR) return failure("cannot write", path, errno);
  }
  return "";
}

} // namespace

const FileSystemCalls& system_file_calls() { return real_calls; }

WrittenFile write_new_file(const std::string& folder, const std::string& stem, const std::string& content,
                           const FileSystemCalls& calls) {
  if (std::string error = make_folders(folder, calls); !error.empty()) return {"", error};

  const std::string temporary = folder + "/." + stem + "." + std::to_string(::getpid()) + ".tmp";
  int fd = -1;
  do {
    fd = calls.open_file(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return {"", failure("cannot create", temporary, errno)};

  std::string error = write_all(fd, content, temporary, calls);
  if (calls.close_file(fd) != 0 && error.empty() && errno != EINTR) error = failure("cannot write", temporary, errno);
  if (!error.empty()) {
    calls.remove_file(temporary.c_str());
    return {"", error};
  }

  for (int attempt = 1; attempt <= 1000; ++attempt) {
    const std::string path = folder + "/" + stem + (attempt == 1 ? "" : "-" + std::to_string(attempt)) + ".json";
    if (calls.move_no_replace(temporary.c_str(), path.c_str()) == 0) return {path, ""};
    if (errno != EEXIST) {
      const int saved = errno;
      calls.remove_file(temporary.c_str());
      return {"", failure("cannot move the document to", path, saved)};
    }
  }
  calls.remove_file(temporary.c_str());
  return {"", "cannot find a free file name for " + folder + "/" + stem + ".json"};
}

} // namespace tally::profiler
