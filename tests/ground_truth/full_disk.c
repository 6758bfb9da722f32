// SPDX-License-Identifier: BSD-3-Clause
// Preloaded after libtally.so: the disk fills while the atomic writer writes its temporary file
// (`.<name>.<pid>.<n>.tmp`): half of the first write goes out, then every write fails with ENOSPC.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

static int filling_fd = -1; /* the temporary file being written: the writer has one at a time */
static int half_written;

int open(const char* path, int flags, ...) {
  static int (*real_open)(const char*, int, ...);
  if (!real_open) real_open = (int (*)(const char*, int, ...))dlsym(RTLD_NEXT, "open");
  int mode = 0;
  if (flags & O_CREAT) {
    va_list arguments;
    va_start(arguments, flags);
    mode = va_arg(arguments, int);
    va_end(arguments);
  }
  const int fd = real_open(path, flags, mode);
  const size_t length = strlen(path);
  if (fd >= 0 && (flags & O_EXCL) && length > 4 && strcmp(path + length - 4, ".tmp") == 0) filling_fd = fd;
  return fd;
}

ssize_t write(int fd, const void* data, size_t size) {
  static ssize_t (*real_write)(int, const void*, size_t);
  if (!real_write) real_write = (ssize_t(*)(int, const void*, size_t))dlsym(RTLD_NEXT, "write");
  if (fd != filling_fd || fd < 0) return real_write(fd, data, size);
  if (!half_written) {
    half_written = 1;
    return real_write(fd, data, size / 2);
  }
  errno = ENOSPC;
  return -1;
}

int close(int fd) {
  static int (*real_close)(int);
  if (!real_close) real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
  if (fd == filling_fd) filling_fd = -1;
  return real_close(fd);
}
