// SPDX-License-Identifier: BSD-3-Clause
// Strings from users (region names, experiments, labels, branches) reach the site only escaped,
// and no name can place a file outside the output folder.
#include "analysis/experiment.hpp"
#include "pages/site_builder.hpp"
#include "pages/site_output.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace tally::pages {
namespace {

namespace fs = std::filesystem;
using analysis::testing::make_run;

constexpr const char* script = "<script>alert(1)</script>";

class HostileSite : public ::testing::Test {
protected:
  void SetUp() override {
    output_ = fs::temp_directory_path() / ("tally_hostile_" + std::to_string(::getpid())) / "public";
    fs::remove_all(output_.parent_path());
  }
  void TearDown() override { fs::remove_all(output_.parent_path()); }
  fs::path output_;
};

TEST_F(HostileSite, names_are_escaped_and_stay_inside_the_output_folder) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run({.experiment = "../../escape\" onload=\"x", .commit = "c1", .region = script}, 100, 80));
  runs.runs.push_back(make_run({.experiment = "../../escape\" onload=\"x",
                                .commit = "c2",
                                .commit_time = "2026-02-01T00:00:00Z",
                                .region = script},
                               100, 60));
  runs.runs[0].document.run.label = "'quoted' & <b>bold</b>";
  runs.invalid.push_back({"bad.json", {std::string("bad.json: /: ") + script}});
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const Templates templates(TALLY_TEST_TEMPLATES);
  build_site({output_, std::string("../../") + script}, templates, runs, axis, experiments);

  const fs::path root = fs::weakly_canonical(output_);
  std::size_t html_files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(output_.parent_path())) {
    if (!entry.is_regular_file()) continue;
    const fs::path file = fs::weakly_canonical(entry.path());
    EXPECT_TRUE(file.string().starts_with(root.string() + "/")) << file << " is outside " << root;
    if (file.extension() != ".html") continue; // the branch marker keeps the name as data, in JSON
    const std::string text = read_text_file(file);
    EXPECT_EQ(text.find(script), std::string::npos) << file;
    EXPECT_EQ(text.find("<b>bold</b>"), std::string::npos) << file;
    EXPECT_EQ(text.find("onload=\"x"), std::string::npos) << file;
    ++html_files;
  }
  // Index and branch index, one region page, two commit pages, two run pages.
  EXPECT_EQ(html_files, 7u);
  bool escaped_seen = false;
  for (const auto& entry : fs::recursive_directory_iterator(output_)) {
    if (entry.path().extension() == ".html" &&
        read_text_file(entry.path()).find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos) {
      escaped_seen = true;
    }
  }
  EXPECT_TRUE(escaped_seen) << "the region name must still be shown, escaped";
}

} // namespace
} // namespace tally::pages
