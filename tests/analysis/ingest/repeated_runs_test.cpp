// SPDX-License-Identifier: BSD-3-Clause
// One run, one document: three files of which two hold the same run (a copied artifact).
#include "analysis/ingest/run_loader.hpp"

#include "run_factory.hpp"

#include "tally/model/document_io.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tally::analysis::ingest {
namespace {

namespace fs = std::filesystem;

TEST(RepeatedRuns, a_run_read_twice_is_counted_once_and_the_copy_named) {
  const fs::path folder = fs::temp_directory_path() / ("tally_repeated_runs_" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder / "copy");
  testing::RunShape first_shape;
  first_shape.commit = "c01";
  model::RunDocument first = testing::make_run(first_shape, 2000, 1000).document;
  model::RunDocument second = first;
  second.run.id += "-2";
  for (const auto& [path, document] :
       {std::pair{folder / "a.json", &first}, {folder / "b.json", &second}, {folder / "copy" / "a.json", &first}}) {
    std::ofstream(path) << model::write_run_document(*document);
  }
  const RunSet runs = load_runs({folder.string()}, 2);
  ASSERT_EQ(runs.runs.size(), 2u);
  EXPECT_EQ(runs.runs[0].document.run.id, first.run.id);
  EXPECT_EQ(runs.runs[1].document.run.id, second.run.id);
  ASSERT_EQ(runs.invalid.size(), 1u);
  const std::string copy = (folder / "copy" / "a.json").string();
  EXPECT_EQ(runs.invalid[0].file, copy);
  ASSERT_EQ(runs.invalid[0].problems.size(), 1u);
  EXPECT_EQ(runs.invalid[0].problems[0], copy + ": run " + first.run.id + " was read already from " +
                                             (folder / "a.json").string() + ": counted once");
  fs::remove_all(folder);
}

} // namespace
} // namespace tally::analysis::ingest
