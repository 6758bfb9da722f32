// SPDX-License-Identifier: BSD-3-Clause
// The report's first line: the experiment, the label, and the resources unless the label already
// says them (the profiler's default label is the resources).
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/metric_report.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tally::model {
namespace {

/// The report's first line for the jacobi example (4 ranks on 2 nodes, 1 thread each) labelled `label`.
std::string first_line_with_label(const std::string& label) {
  nlohmann::json document = example_runs::jacobi_example();
  document["run"]["label"] = label;
  const std::string text = metric_report_text(std::get<RunDocument>(read_run_document(document, "run.json")));
  return text.substr(0, text.find('\n'));
}

TEST(MetricReport, a_label_of_its_own_is_followed_by_the_resources) {
  EXPECT_EQ(first_line_with_label("4 ranks"),
            "experiment strong-scaling · label 4 ranks · 2 nodes · 4 ranks × 1 thread");
}

TEST(MetricReport, the_default_label_says_the_resources_once) {
  EXPECT_EQ(first_line_with_label("2 nodes · 4 ranks × 1 thread"),
            "experiment strong-scaling · label 2 nodes · 4 ranks × 1 thread");
}

} // namespace
} // namespace tally::model
