// SPDX-License-Identifier: BSD-3-Clause
// The atomic writer behind atomic_file.hpp, on plain POSIX calls.
//
// No exceptions of its own and no std::filesystem, because the profiler calls it inside the
// measured program.
#include "tally/model/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace tally::model {
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

int exchange(const char* a, const char* b) { return ::renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE); }

const FileSystemCalls real_calls{open_file,       ::write,  ::fsync,  ::close, ::mkdir,
                                 move_no_replace, ::rename, ::unlink, exchange};

std::string failure(const std::string& path, const char* what, int error) {
  return path + ": " + what + ": " + std::strerror(error);
}

/// The folder and the file name of `path`; the folder is "." for a bare name.
std::pair<std::string, std::string> split(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

/// `path` with `-number` before its extension: run.json -> run-2.json.
std::string numbered(const std::string& path, int number) {
  if (number == 1) return path;
  const std::size_t slash = path.rfind('/');
  const std::size_t dot = path.rfind('.');
  const bool has_extension = dot != std::string::npos && dot > (slash == std::string::npos ? 0 : slash + 1);
  const std::size_t cut = has_extension ? dot : path.size();
  return path.substr(0, cut) + "-" + std::to_string(number) + path.substr(cut);
}

/// mkdir -p: the folder that could not be created and why, or an empty name.
std::pair<std::string, int> create_folders(const std::string& folder, const FileSystemCalls& calls) {
  for (std::size_t slash = folder.find('/', 1);; slash = folder.find('/', slash + 1)) {
    const std::string prefix = folder.substr(0, slash);
    if (!prefix.empty() && calls.make_folder(prefix.c_str(), 0777) != 0 && errno != EEXIST) return {prefix, errno};
    if (slash == std::string::npos) break;
  }
  // EEXIST also answers for a file of that name; a parent would have failed with ENOTDIR, the
  // folder itself is checked here.
  const int fd = calls.open_file(folder.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
  if (fd < 0) return {folder, errno};
  calls.close_file(fd);
  return {"", 0};
}

std::string write_all(int fd, std::string_view content, Sync sync, const std::string& path,
                      const FileSystemCalls& calls) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = calls.write_file(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return failure(path, "cannot write", n < 0 ? errno : EIO);
    written += static_cast<std::size_t>(n);
  }
  while (sync == Sync::durable && calls.sync_file(fd) != 0) {
    if (errno != EINTR) return failure(path, "cannot write", errno);
  }
  return "";
}

/// Creates a temporary file next to `path` and writes `content` into it; its name, or the problem.
WrittenFile write_temporary(const std::string& path, std::string_view content, Sync sync,
                            const FileSystemCalls& calls) {
  // The process id keeps processes apart, the counter threads (the site writes pages on several).
  static std::atomic<unsigned> counter{0};
  const auto [folder, name] = split(path);
  const std::string temporary = folder + "/." + name + "." + std::to_string(::getpid()) + "." +
                                std::to_string(counter.fetch_add(1, std::memory_order_relaxed)) + ".tmp";
  int fd = -1;
  do {
    fd = calls.open_file(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return {"", failure(path, "cannot write", errno)};

  std::string error = write_all(fd, content, sync, path, calls);
  // close() after EINTR has closed the descriptor on Linux; retrying could close another one.
  if (calls.close_file(fd) != 0 && error.empty() && errno != EINTR) error = failure(path, "cannot write", errno);
  if (!error.empty()) {
    calls.remove_file(temporary.c_str());
    return {"", error};
  }
  return {temporary, ""};
}

/// Writes `content` straight into `path`, a file that is not a regular one (a terminal, a pipe,
/// /dev/stdout): there is nothing to replace, and a move would put a plain file in its place.
WrittenFile write_in_place(const std::string& path, std::string_view content, const FileSystemCalls& calls) {
  int fd = -1;
  do {
    fd = calls.open_file(path.c_str(), O_WRONLY | O_CLOEXEC, 0);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return {"", failure(path, "cannot write", errno)};
  std::string error = write_all(fd, content, Sync::fast, path, calls);
  if (calls.close_file(fd) != 0 && error.empty() && errno != EINTR) error = failure(path, "cannot write", errno);
  if (!error.empty()) return {"", error};
  return {path, ""};
}

} // namespace

const FileSystemCalls& system_file_calls() { return real_calls; }

std::string make_folders(const std::string& folder, const FileSystemCalls& calls) {
  const auto [failed, error] = create_folders(folder, calls);
  return failed.empty() ? "" : failure(failed, "cannot create folder", error);
}

WrittenFile write_file_atomically(const std::string& given_path, std::string_view content, Existing existing, Sync sync,
                                  const FileSystemCalls& calls) {
  std::string path = given_path;
  if (existing == Existing::replace) {
    // A report named on the command line may be a link (the new content goes where it points, the
    // link stays) or a device or a pipe (`--markdown /dev/stdout`), which is written as it is.
    struct stat target {};
    if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode) && !S_ISDIR(target.st_mode))
      return write_in_place(path, content, calls);
    if (char* resolved = ::realpath(path.c_str(), nullptr)) {
      path = resolved;
      std::free(resolved);
    }
  }
  if (const auto [failed, error] = create_folders(split(path).first, calls); !failed.empty()) {
    return {"", path + ": cannot create folder " + failed + ": " + std::strerror(error)};
  }
  const WrittenFile temporary = write_temporary(path, content, sync, calls);
  if (!temporary.error.empty()) return temporary;
  const char* from = temporary.path.c_str();

  if (existing == Existing::replace) {
    if (calls.move_replace(from, path.c_str()) == 0) return {path, ""};
    const int saved = errno;
    calls.remove_file(from);
    return {"", failure(path, "cannot write", saved)};
  }
  const int attempts = existing == Existing::keep_and_number ? 1000 : 1;
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    const std::string target = numbered(path, attempt);
    if (calls.move_no_replace(from, target.c_str()) == 0) return {target, ""};
    if (errno != EEXIST) {
      const int saved = errno;
      calls.remove_file(from);
      return {"", failure(target, "cannot write", saved)};
    }
  }
  calls.remove_file(from);
  if (existing == Existing::refuse) return {"", path + ": exists already; not overwritten"};
  return {"", path + ": no free file name (" + numbered(path, attempts) + " exists too)"};
}

} // namespace tally::model
