// SPDX-License-Identifier: BSD-3-Clause
// Writing the site's pages: a failure names the page and why, and leaves the previous page intact.
#include "pages/site_output.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace tally::pages {
namespace {

namespace fs = std::filesystem;

class SiteOutput : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("tally_site_output_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder_))
      names.push_back(entry.path().filename().string());
    return names;
  }

  /// The message of the error write_site_file throws, or "" when it does not.
  static std::string error_of(const fs::path& path, const std::string& content,
                              const model::FileSystemCalls& calls = model::system_file_calls()) {
    try {
      write_site_file(path, content, calls);
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    return "";
  }

  fs::path folder_;
};

int writes_seen = 0;
ssize_t write_half_then_no_space(int fd, const void* data, size_t size) {
  if (writes_seen++ == 0) return model::system_file_calls().write_file(fd, data, size / 2);
  errno = ENOSPC;
  return -1;
}
int create_denied(const char* path, int flags, mode_t mode) {
  if ((flags & O_CREAT) == 0) return model::system_file_calls().open_file(path, flags, mode);
  errno = EACCES;
  return -1;
}

TEST_F(SiteOutput, a_page_in_an_unwritable_folder_fails_naming_it_and_leaves_nothing) {
  model::FileSystemCalls calls = model::system_file_calls();
  calls.open_file = create_denied;
  const fs::path page = folder_ / "main" / "index.html";
  EXPECT_EQ(error_of(page, "<html></html>\n", calls), page.string() + ": cannot write: Permission denied");
  EXPECT_EQ(files(), std::vector<std::string>{"main"});
  EXPECT_TRUE(fs::is_empty(folder_ / "main"));
}

TEST_F(SiteOutput, a_page_below_a_file_fails_naming_the_page_and_the_folder) {
  std::ofstream(folder_ / "public") << "a file, not a folder";
  const fs::path page = folder_ / "public" / "main" / "index.html";
  EXPECT_EQ(error_of(page, "<html></html>\n"),
            page.string() + ": cannot create folder " + (folder_ / "public" / "main").string() + ": Not a directory");
  EXPECT_EQ(files(), std::vector<std::string>{"public"});
}

TEST_F(SiteOutput, a_disk_full_midway_keeps_the_previous_page) {
  const fs::path page = folder_ / "index.html";
  write_site_file(page, "previous page\n");
  model::FileSystemCalls calls = model::system_file_calls();
  writes_seen = 0;
  calls.write_file = write_half_then_no_space;
  EXPECT_EQ(error_of(page, "a new page, longer than the previous one\n", calls),
            page.string() + ": cannot write: No space left on device");
  EXPECT_EQ(read_text_file(page), "previous page\n");
  EXPECT_EQ(files(), std::vector<std::string>{"index.html"});
}

} // namespace
} // namespace tally::pages
