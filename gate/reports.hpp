// SPDX-License-Identifier: BSD-3-Clause
// The gate's report files: Markdown (job summary, merge-request note), JUnit XML (one test case
// per finding, plus one per check) and the GitLab metrics report (OpenMetrics text).
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

/// How long the Markdown may be, for the places that cap it (a GitHub job summary, a GitLab note).
struct MarkdownLimit {
  std::size_t max_bytes = 0; ///< 0: no limit
  std::string details_url;   ///< where the checks left out can be read (the site); may be empty
};

/// The verdict, the findings table and every check in a <details> block. Over the limit, the
/// checks are left out for a line pointing at `details_url`, then findings from the end.
void write_markdown(std::ostream& out, const GateHeading& heading, const GateResult& result,
                    const MarkdownLimit& limit = {});
void write_junit(std::ostream& out, const GateHeading& heading, const GateResult& result);
void write_metrics(std::ostream& out, const GateResult& result);

/// Text safe in a Markdown table cell: pipes, backticks and other inline markup escaped,
/// line breaks as spaces.
std::string markdown_escape(std::string_view text);

/// A label value of OpenMetrics text: backslash, double quote and line feed escaped.
std::string openmetrics_escape(std::string_view text);

/// One line per finding for the terminal: its verdict word, then the experiment and the summary.
/// Returns how many findings there are.
std::size_t write_findings(std::ostream& out, const GateResult& result);

/// "experiment: region @ configuration: metric", the name of a check in every report.
std::string check_name(const Check& check);

/// Which tolerance a check applied and why (noise.hpp's tolerance_text).
std::string tolerance_of(const Check& check);

/// How a check was judged: its z and p-value and whether the family-wise rule kept it, the scale's
/// source, the tolerance and the change's cost to the run.
std::string evidence_of(const Check& check);

} // namespace tally::gate
