// SPDX-License-Identifier: BSD-3-Clause
// A site rebuilt over a published one: any failure (a full disk at any write, a denied folder, a
// failed swap) leaves the previous site byte-identical and no staging folder behind.
#include "pages/site_builder.hpp"
#include "pages/site_output.hpp"
#include "pages/staged_site.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <sys/file.h>
#include <unistd.h>

namespace tally::pages {
namespace {

namespace fs = std::filesystem;
using analysis::testing::make_run;

/// Every file and folder below `folder`, hidden ones included: its content, or "<folder>".
std::map<std::string, std::string> snapshot(const fs::path& folder) {
  std::map<std::string, std::string> entries;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    const std::string name = fs::relative(entry.path(), folder).string();
    entries[name] = entry.is_directory() ? "<folder>" : read_text_file(entry.path());
  }
  return entries;
}

/// The runs of `commits` commits of two experiments, one region each.
analysis::ingest::RunSet runs_of(int commits) {
  analysis::ingest::RunSet runs;
  for (int c = 1; c <= commits; ++c) {
    const std::string time = "2026-01-0" + std::to_string(c) + "T00:00:00Z";
    runs.runs.push_back(make_run({.commit = "c" + std::to_string(c), .commit_time = time}, 100, 80 - c));
    runs.runs.push_back(
        make_run({.experiment = "halo", .commit = "c" + std::to_string(c), .commit_time = time, .region = "exchange"},
                 200, 150));
  }
  return runs;
}

// The write at which the disk is full (0: the first), counted over all threads; -1: never.
std::atomic<int> full_at{-1};
std::atomic<int> writes_seen{0};
ssize_t write_until_full(int fd, const void* data, size_t size) {
  if (writes_seen++ == full_at) {
    errno = ENOSPC;
    return -1;
  }
  return model::system_file_calls().write_file(fd, data, size);
}

std::string failing_target; // the one target whose move or creation fails
int move_fails_at_target(const char* from, const char* to) {
  if (failing_target == to) {
    errno = EIO;
    return -1;
  }
  return model::system_file_calls().move_replace(from, to);
}
int exchange_fails(const char*, const char*) {
  errno = EIO;
  return -1;
}
int exchange_unsupported(const char*, const char*) {
  errno = EINVAL;
  return -1;
}
// Where renameat2 takes no flags, move_no_replace() falls back to link(), which cannot move a folder.
int move_no_replace_by_link(const char* from, const char* to) {
  if (fs::is_directory(from)) {
    errno = EPERM;
    return -1;
  }
  return model::system_file_calls().move_no_replace(from, to);
}
int staging_folder_denied(const char* path, mode_t mode) {
  if (fs::path(path).filename().string().starts_with(staging_prefix)) {
    errno = EACCES;
    return -1;
  }
  return model::system_file_calls().make_folder(path, mode);
}
int file_creation_denied(const char* path, int flags, mode_t mode) {
  if ((flags & O_CREAT) == 0) return model::system_file_calls().open_file(path, flags, mode);
  errno = EACCES;
  return -1;
}

class StagedSiteTest : public ::testing::Test {
protected:
  void SetUp() override {
    work_ = fs::temp_directory_path() / ("tally_staged_site_" + std::to_string(::getpid()) + "_" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(work_);
    output_ = work_ / "public";
    full_at = -1;
    writes_seen = 0;
  }
  void TearDown() override { fs::remove_all(work_); }

  /// Builds the site of `runs` into `output`; the error's message, or "" when it worked.
  std::string build(const analysis::ingest::RunSet& runs, const model::FileSystemCalls& calls,
                    const fs::path& output) const {
    const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
    const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
    SiteRequest request{output, "main", 1};
    request.calls = calls;
    try {
      build_site(request, templates_, runs, axis, experiments);
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    return "";
  }
  std::string build(const analysis::ingest::RunSet& runs,
                    const model::FileSystemCalls& calls = model::system_file_calls()) const {
    return build(runs, calls, output_);
  }

  fs::path work_;
  fs::path output_;
  Templates templates_{TALLY_TEST_TEMPLATES};
};

TEST_F(StagedSiteTest, a_full_disk_at_any_write_leaves_the_previous_site_byte_identical) {
  ASSERT_EQ(build(runs_of(2)), "");
  const auto previous = snapshot(output_);
  // How many writes the new site takes over the previous one, counted on a copy of it.
  fs::copy(output_, work_ / "copy", fs::copy_options::recursive);
  model::FileSystemCalls calls = model::system_file_calls();
  calls.write_file = write_until_full;
  ASSERT_EQ(build(runs_of(3), calls, work_ / "copy"), "");
  const int writes = writes_seen;
  // Style, index, 3 commit pages, 2 region pages, 6 run pages, the marker, the branch index and
  // its previous copy; the stylesheet of the branch index is unchanged, so not written.
  ASSERT_EQ(writes, 16);
  for (int failing = 0; failing < writes; ++failing) {
    full_at = failing;
    writes_seen = 0;
    const std::string error = build(runs_of(3), calls);
    EXPECT_TRUE(error.ends_with(": cannot write: No space left on device")) << "write " << failing << ": " << error;
    EXPECT_EQ(snapshot(output_), previous) << "write " << failing;
  }
  full_at = -1;
  ASSERT_EQ(build(runs_of(3), calls), "");
  EXPECT_EQ(snapshot(output_), snapshot(work_ / "copy")) << "the site once there is room again";
}

TEST_F(StagedSiteTest, a_failed_swap_leaves_the_previous_site_byte_identical) {
  ASSERT_EQ(build(runs_of(2)), "");
  const auto previous = snapshot(output_);
  model::FileSystemCalls calls = model::system_file_calls();
  calls.exchange = exchange_fails;
  EXPECT_EQ(build(runs_of(3), calls), (output_ / "main").string() + ": cannot replace: Input/output error");
  EXPECT_EQ(snapshot(output_), previous);
}

TEST_F(StagedSiteTest, a_top_file_failing_after_the_swap_puts_back_the_branch_folder_and_the_other_top_file) {
  ASSERT_EQ(build(runs_of(2)), "");
  // Without its stylesheet the output folder gets a new one, moved in after the new branch index.
  fs::remove(output_ / "style.css");
  const auto previous = snapshot(output_);
  model::FileSystemCalls calls = model::system_file_calls();
  calls.move_replace = move_fails_at_target;
  failing_target = (output_ / "style.css").string();
  EXPECT_EQ(build(runs_of(3), calls), failing_target + ": cannot write: Input/output error");
  EXPECT_EQ(snapshot(output_), previous);
}

TEST_F(StagedSiteTest, an_unwritable_output_folder_changes_nothing_and_names_the_folder) {
  ASSERT_EQ(build(runs_of(2)), "");
  const auto previous = snapshot(output_);
  model::FileSystemCalls calls = model::system_file_calls();
  calls.make_folder = staging_folder_denied;
  const std::string error = build(runs_of(3), calls);
  EXPECT_TRUE(error.starts_with((output_ / staging_prefix).string() + "main." + std::to_string(::getpid()) + "."))
      << error;
  EXPECT_TRUE(error.ends_with(": cannot create folder: Permission denied")) << error;
  EXPECT_EQ(snapshot(output_), previous);

  calls = model::system_file_calls();
  calls.open_file = file_creation_denied;
  EXPECT_TRUE(build(runs_of(3), calls).ends_with(": cannot write: Permission denied"));
  EXPECT_EQ(snapshot(output_), previous);
}

TEST_F(StagedSiteTest, a_file_system_without_exchange_or_rename_flags_still_swaps_the_whole_site) {
  // As on NFS: no RENAME_EXCHANGE, and no RENAME_NOREPLACE either.
  model::FileSystemCalls calls = model::system_file_calls();
  calls.exchange = exchange_unsupported;
  calls.move_no_replace = move_no_replace_by_link;
  ASSERT_EQ(build(runs_of(2), calls), "");
  fs::copy(output_, work_ / "expected", fs::copy_options::recursive);
  ASSERT_EQ(build(runs_of(3), model::system_file_calls(), work_ / "expected"), "");
  ASSERT_EQ(build(runs_of(3), calls), "");
  EXPECT_EQ(snapshot(output_), snapshot(work_ / "expected"));
}

TEST_F(StagedSiteTest, staging_folders_of_crashed_runs_are_removed_and_those_of_live_runs_kept) {
  ASSERT_EQ(build(runs_of(2)), "");
  const fs::path crashed = output_ / (std::string(staging_prefix) + "main.1.0");
  const fs::path live = output_ / (std::string(staging_prefix) + "main.2.0");
  fs::create_directories(crashed / "commits");
  write_site_file(crashed / "index.html", "half a site");
  fs::create_directories(live);
  // The lock a live run holds: another open file description of the folder.
  const int lock = ::open(live.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_EQ(::flock(lock, LOCK_EX | LOCK_NB), 0);
  ASSERT_EQ(build(runs_of(3)), "");
  ::close(lock);
  EXPECT_FALSE(fs::exists(crashed));
  EXPECT_TRUE(fs::exists(live));
  fs::remove(live);
  // The branch index and stylesheet; the branch folder, its 4 folders (commits, runs, one per
  // experiment) and 14 files (stylesheet, index, marker, 3 commit, 2 region and 6 run pages).
  EXPECT_EQ(snapshot(output_).size(), 21u);
}

TEST_F(StagedSiteTest, the_output_folder_given_as_dot_is_rebuilt_in_place) {
  fs::create_directories(output_);
  const fs::path before = fs::current_path();
  fs::current_path(output_);
  const std::string first = build(runs_of(2), model::system_file_calls(), ".");
  const std::string second = build(runs_of(3), model::system_file_calls(), ".");
  fs::current_path(before);
  ASSERT_EQ(first, "");
  ASSERT_EQ(second, "");
  EXPECT_TRUE(fs::exists(output_ / "main" / "commits" / "c3.html"));
  EXPECT_EQ(snapshot(output_).size(), 21u) << "no staging folder left";
}

} // namespace
} // namespace tally::pages
