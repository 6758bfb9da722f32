// SPDX-License-Identifier: BSD-3-Clause
// A run imported before is found in the output folder by input name and end time, whichever hash
// its id carries: ids of the old scheme (the hash of nlohmann/json's dump()) count as the same run.
#include "analysis/ingest/talp/imported_runs.hpp"
#include "analysis/ingest/talp/talp_run_info.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace tally::analysis::ingest::talp {
namespace {

namespace fs = std::filesystem;

/// A fresh folder holding empty files of the given names.
fs::path folder_with(const std::string& name, std::initializer_list<std::string> files) {
  const fs::path folder = fs::temp_directory_path() / ("tally-imported-runs-" + std::to_string(getpid()) + name);
  fs::remove_all(folder);
  fs::create_directories(folder);
  for (const std::string& file : files)
    std::ofstream(folder / file) << "{}\n";
  return folder;
}

TEST(ImportedRunKey, is_the_id_without_its_hash) {
  EXPECT_EQ(imported_run_key("talp_mpi2_global-20261121T235218Z-84caf956"), "talp_mpi2_global-20261121T235218Z");
  EXPECT_EQ(imported_run_key("a-b-20261121T235218Z-0f7a4fd0"), "a-b-20261121T235218Z");
  EXPECT_FALSE(imported_run_key("jacobi_4ranks_2nodes"));
  EXPECT_FALSE(imported_run_key("run-84CAF956")); // the ids' hashes are lower case
  EXPECT_FALSE(imported_run_key("run-84caf95"));  // 7 digits
  EXPECT_FALSE(imported_run_key("-84caf956"));
}

TEST(ImportedRuns, a_document_of_the_old_hash_scheme_holds_the_same_run) {
  // 84caf956: the id the DLB 3.7 fixture talp_mpi2_global.json had when ids hashed dump()'s text.
  const fs::path folder = folder_with("old", {"talp_mpi2_global-20261121T235218Z-84caf956.json", "jacobi.json"});
  const ImportedRuns imported(folder);
  EXPECT_EQ(imported.find("talp_mpi2_global-20261121T235218Z-0f7a4fd0"),
            folder / "talp_mpi2_global-20261121T235218Z-84caf956.json");
  EXPECT_FALSE(imported.find("talp_mpi2_global-20261121T235219Z-0f7a4fd0")); // another end time
  EXPECT_FALSE(imported.find("talp_mpi2-20261121T235218Z-0f7a4fd0"));        // another file name
  fs::remove_all(folder);
}

TEST(ImportedRuns, runs_added_during_an_import_are_found) {
  const fs::path folder = folder_with("added", {});
  ImportedRuns imported(folder);
  EXPECT_FALSE(imported.find("a-20240301T100000Z-00000001"));
  imported.add("a-20240301T100000Z-00000001", folder / "a-20240301T100000Z-00000001.json");
  EXPECT_EQ(imported.find("a-20240301T100000Z-0000000f"), folder / "a-20240301T100000Z-00000001.json");
  fs::remove_all(folder);
}

TEST(ImportedRuns, a_missing_folder_holds_no_run) {
  EXPECT_FALSE(ImportedRuns("/nonexistent/tally-imported-runs").find("a-20240301T100000Z-00000001"));
}

} // namespace
} // namespace tally::analysis::ingest::talp
