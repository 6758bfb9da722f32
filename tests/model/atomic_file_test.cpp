// SPDX-License-Identifier: BSD-3-Clause
// The one file writer: atomic in every mode, and clean on every failure injected through FileSystemCalls.
#include "tally/model/atomic_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tally::model {
namespace {

namespace fs = std::filesystem;

class AtomicFile : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("tally_atomic_file_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::vector<std::string> files() const {
    std::vector<std::string> names;
    if (!fs::exists(folder_)) return names;
    for (const auto& entry : fs::directory_iterator(folder_))
      names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  std::string path(const std::string& name) const { return (folder_ / name).string(); }

  static std::string content_of(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  fs::path folder_;
};

// Fakes: each behaves like the real call except for the injected failure.
int writes_seen = 0;
ssize_t write_no_space(int, const void*, size_t) {
  errno = ENOSPC;
  return -1;
}
ssize_t write_half_then_no_space(int fd, const void* data, size_t size) {
  if (writes_seen++ == 0) return system_file_calls().write_file(fd, data, size / 2);
  errno = ENOSPC;
  return -1;
}
ssize_t write_interrupted_once(int fd, const void* data, size_t size) {
  if (writes_seen++ == 0) {
    errno = EINTR;
    return -1;
  }
  return system_file_calls().write_file(fd, data, size);
}
ssize_t write_one_byte_at_a_time(int fd, const void* data, size_t size) {
  return system_file_calls().write_file(fd, data, size > 0 ? 1 : 0);
}
int mkdir_denying_denied(const char* path, mode_t mode) {
  if (std::string_view(path).ends_with("/denied")) {
    errno = EACCES;
    return -1;
  }
  return system_file_calls().make_folder(path, mode);
}
int create_denied(const char* path, int flags, mode_t mode) {
  if ((flags & O_CREAT) == 0) return system_file_calls().open_file(path, flags, mode);
  errno = EACCES;
  return -1;
}
int rename_fails(const char*, const char*) {
  errno = EIO;
  return -1;
}

TEST_F(AtomicFile, creates_missing_folders_and_writes_the_content) {
  const WrittenFile written = write_file_atomically(path("a/b/run.json"), "{}\n", Existing::keep_and_number);
  ASSERT_EQ(written.error, "");
  EXPECT_EQ(written.path, path("a/b/run.json"));
  EXPECT_EQ(content_of(written.path), "{}\n");
}

TEST_F(AtomicFile, numbering_never_overwrites_an_existing_document) {
  ASSERT_EQ(write_file_atomically(path("run.json"), "first", Existing::keep_and_number).error, "");
  const WrittenFile second = write_file_atomically(path("run.json"), "second", Existing::keep_and_number);
  ASSERT_EQ(second.error, "");
  EXPECT_EQ(second.path, path("run-2.json"));
  EXPECT_EQ(content_of(path("run.json")), "first");
  EXPECT_EQ(files(), (std::vector<std::string>{"run-2.json", "run.json"}));
}

TEST_F(AtomicFile, refusing_keeps_the_existing_file_and_says_so) {
  ASSERT_EQ(write_file_atomically(path("run.json"), "first", Existing::refuse).error, "");
  const WrittenFile second = write_file_atomically(path("run.json"), "second", Existing::refuse);
  EXPECT_EQ(second.error, path("run.json") + ": exists already; not overwritten");
  EXPECT_EQ(content_of(path("run.json")), "first");
  EXPECT_EQ(files(), (std::vector<std::string>{"run.json"}));
}

TEST_F(AtomicFile, replacing_swaps_the_content_whole) {
  ASSERT_EQ(write_file_atomically(path("page.html"), "old", Existing::replace, Sync::fast).error, "");
  const WrittenFile written = write_file_atomically(path("page.html"), "new", Existing::replace, Sync::fast);
  ASSERT_EQ(written.error, "");
  EXPECT_EQ(content_of(path("page.html")), "new");
  EXPECT_EQ(files(), (std::vector<std::string>{"page.html"}));
}

TEST_F(AtomicFile, replacing_through_a_link_replaces_its_target_and_keeps_the_link) {
  ASSERT_EQ(write_file_atomically(path("reports/gate.md"), "old", Existing::replace).error, "");
  fs::create_symlink(path("reports/gate.md"), path("latest.md"));
  const WrittenFile written = write_file_atomically(path("latest.md"), "new", Existing::replace);
  ASSERT_EQ(written.error, "");
  EXPECT_TRUE(fs::is_symlink(path("latest.md")));
  EXPECT_EQ(content_of(path("reports/gate.md")), "new");
}

TEST_F(AtomicFile, replacing_a_pipe_writes_into_it_and_leaves_it_a_pipe) {
  fs::create_directories(folder_);
  ASSERT_EQ(::mkfifo(path("pipe").c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = content_of(path("pipe")); });
  const WrittenFile written = write_file_atomically(path("pipe"), "through the pipe", Existing::replace);
  reader.join();
  ASSERT_EQ(written.error, "");
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(path("pipe")));
  EXPECT_EQ(files(), (std::vector<std::string>{"pipe"}));
}

TEST_F(AtomicFile, a_full_disk_leaves_no_file_and_names_the_problem) {
  FileSystemCalls calls = system_file_calls();
  calls.write_file = write_no_space;
  const WrittenFile written =
      write_file_atomically(path("run.json"), "{}\n", Existing::keep_and_number, Sync::durable, calls);
  EXPECT_EQ(written.path, "");
  EXPECT_EQ(written.error, path("run.json") + ": cannot write: No space left on device");
  EXPECT_TRUE(files().empty()) << "the temporary file must be removed";
}

TEST_F(AtomicFile, a_write_failing_midway_leaves_the_previous_file_intact) {
  ASSERT_EQ(write_file_atomically(path("report.md"), "previous report", Existing::replace).error, "");
  FileSystemCalls calls = system_file_calls();
  writes_seen = 0;
  calls.write_file = write_half_then_no_space;
  const WrittenFile written =
      write_file_atomically(path("report.md"), "the new, longer report", Existing::replace, Sync::durable, calls);
  EXPECT_EQ(written.error, path("report.md") + ": cannot write: No space left on device");
  EXPECT_EQ(writes_seen, 2) << "the failure must come after part of the content was written";
  EXPECT_EQ(content_of(path("report.md")), "previous report");
  EXPECT_EQ(files(), (std::vector<std::string>{"report.md"}));
}

TEST_F(AtomicFile, a_failed_move_leaves_the_previous_file_intact) {
  ASSERT_EQ(write_file_atomically(path("index.html"), "previous", Existing::replace).error, "");
  FileSystemCalls calls = system_file_calls();
  calls.move_replace = rename_fails;
  const WrittenFile written = write_file_atomically(path("index.html"), "new", Existing::replace, Sync::fast, calls);
  EXPECT_EQ(written.error, path("index.html") + ": cannot write: Input/output error");
  EXPECT_EQ(content_of(path("index.html")), "previous");
  EXPECT_EQ(files(), (std::vector<std::string>{"index.html"}));
}

TEST_F(AtomicFile, an_unwritable_folder_is_an_error_naming_the_file) {
  fs::create_directories(folder_);
  FileSystemCalls calls = system_file_calls();
  calls.open_file = create_denied;
  const WrittenFile written = write_file_atomically(path("gate.md"), "report", Existing::replace, Sync::durable, calls);
  EXPECT_EQ(written.error, path("gate.md") + ": cannot write: Permission denied");
  EXPECT_TRUE(files().empty());
}

TEST_F(AtomicFile, a_folder_that_cannot_be_created_is_an_error_naming_file_and_folder) {
  FileSystemCalls calls = system_file_calls();
  calls.make_folder = mkdir_denying_denied;
  const WrittenFile written =
      write_file_atomically(path("denied/run.json"), "{}\n", Existing::keep_and_number, Sync::durable, calls);
  EXPECT_EQ(written.path, "");
  EXPECT_EQ(written.error,
            path("denied/run.json") + ": cannot create folder " + path("denied") + ": Permission denied");
}

TEST_F(AtomicFile, a_path_below_a_file_is_an_error_naming_file_and_folder) {
  fs::create_directories(folder_);
  std::ofstream(path("plain")) << "not a folder";
  const WrittenFile written = write_file_atomically(path("plain/page.html"), "page", Existing::replace);
  EXPECT_EQ(written.error, path("plain/page.html") + ": cannot create folder " + path("plain") + ": Not a directory");
  EXPECT_EQ(files(), (std::vector<std::string>{"plain"}));
}

TEST_F(AtomicFile, a_file_where_the_folder_should_be_is_no_folder) {
  fs::create_directories(folder_);
  std::ofstream(path("plain")) << "not a folder";
  EXPECT_EQ(make_folders(path("plain")), path("plain") + ": cannot create folder: Not a directory");
  EXPECT_EQ(make_folders(path("made/below")), "");
  EXPECT_TRUE(fs::is_directory(path("made/below")));
}

TEST_F(AtomicFile, interrupted_and_short_writes_are_resumed) {
  FileSystemCalls calls = system_file_calls();
  writes_seen = 0;
  calls.write_file = write_interrupted_once;
  const WrittenFile first =
      write_file_atomically(path("run.json"), "interrupted", Existing::keep_and_number, Sync::durable, calls);
  ASSERT_EQ(first.error, "");
  EXPECT_EQ(content_of(first.path), "interrupted");

  calls.write_file = write_one_byte_at_a_time;
  const WrittenFile second =
      write_file_atomically(path("short.json"), "short writes", Existing::keep_and_number, Sync::durable, calls);
  ASSERT_EQ(second.error, "");
  EXPECT_EQ(content_of(second.path), "short writes");
}

} // namespace
} // namespace tally::model
