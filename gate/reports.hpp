// SPDX-License-Identifier: BSD-3-Clause
// The gate's report files: Markdown (job summary, merge-request note), JUnit XML (one test case
// per region × configuration × rule) and the GitLab metrics report (OpenMetrics text).
#pragma once

#include "gate/compare.hpp"

#include <ostream>
#include <string>
#include <string_view>

namespace tally::gate {

/// What was compared, for the reports' headings.
struct GateHeading {
  std::string candidate; ///< e.g. "abc1234"
  std::string baseline;  ///< e.g. "def5678", "3 commits from def5678", or "none"
};

void write_markdown(std::ostream& out, const GateHeading& heading, const GateResult& result);
void write_junit(std::ostream& out, const GateHeading& heading, const GateResult& result);
void write_metrics(std::ostream& out, const GateResult& result);

/// Text safe in a Markdown table cell: pipes, backticks and other inline markup escaped,
/// line breaks as spaces.
std::string markdown_escape(std::string_view text);

/// A label value of OpenMetrics text: backslash, double quote and line feed escaped.
std::string openmetrics_escape(std::string_view text);

/// "experiment: region @ configuration: metric", the name of a check in every report.
std::string check_name(const Check& check);

} // namespace tally::gate
