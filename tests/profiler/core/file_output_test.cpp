// Writing run documents: atomic, never overwriting, and clean on every failure (injected
// through FileSystemCalls).
#include "core/file_output.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tally::profiler {
namespace {

namespace fs = std::filesystem;

class FileOutput : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("tally_file_output_" + std::to_string(::getpid()) + "_" +
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

  static std::string content_of(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  fs::path folder_;
};

TEST_F(FileOutput, creates_missing_folders_and_writes_the_content) {
  const WrittenFile written = write_new_file((folder_ / "a" / "b").string(), "run", "{}\n");
  ASSERT_EQ(written.error, "");
  EXPECT_EQ(written.path, (folder_ / "a" / "b" / "run.json").string());
  EXPECT_EQ(content_of(written.path), "{}\n");
}

TEST_F(FileOutput, never_overwrites_an_existing_document) {
  ASSERT_EQ(write_new_file(folder_.string(), "run", "first").error, "");
  const WrittenFile second = write_new_file(folder_.string(), "run", "second");
  ASSERT_EQ(second.error, "");
  EXPECT_EQ(second.path, (folder_ / "run-2.json").string());
  EXPECT_EQ(content_of((folder_ / "run.json").string()), "first");
  EXPECT_EQ(files(), (std::vector<std::string>{"run-2.json", "run.json"}));
}

// Fakes: each behaves like the real call except for the injected failure.
int writes_seen = 0;
ssize_t write_no_space(int, const void*, size_t) {
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
int mkdir_denied(const char*, mode_t) {
  errno = EACCES;
  return -1;
}

TEST_F(FileOutput, a_full_disk_leaves_no_file_and_names_the_problem) {
  FileSystemCalls calls = system_file_calls();
  calls.write_file = write_no_space;
  const WrittenFile written = write_new_file(folder_.string(), "run", "{}\n", calls);
  EXPECT_EQ(written.path, "");
  EXPECT_NE(written.error.find("No space left on device"), std::string::npos) << written.error;
  EXPECT_TRUE(files().empty()) << "the temporary file must be removed";
}

TEST_F(FileOutput, an_unwritable_folder_is_an_error_naming_the_folder) {
  FileSystemCalls calls = system_file_calls();
  calls.make_folder = mkdir_denied;
  const WrittenFile written = write_new_file((folder_ / "denied").string(), "run", "{}\n", calls);
  EXPECT_EQ(written.path, "");
  EXPECT_NE(written.error.find("Permission denied"), std::string::npos) << written.error;
  EXPECT_NE(written.error.find("cannot create folder"), std::string::npos) << written.error;
}

TEST_F(FileOutput, interrupted_and_short_writes_are_resumed) {
  FileSystemCalls calls = system_file_calls();
  writes_seen = 0;
  calls.write_file = write_interrupted_once;
  const WrittenFile first = write_new_file(folder_.string(), "run", "interrupted", calls);
  ASSERT_EQ(first.error, "");
  EXPECT_EQ(content_of(first.path), "interrupted");

  calls.write_file = write_one_byte_at_a_time;
  const WrittenFile second = write_new_file(folder_.string(), "short", "short writes", calls);
  ASSERT_EQ(second.error, "");
  EXPECT_EQ(content_of(second.path), "short writes");
}

} // namespace
} // namespace tally::profiler
