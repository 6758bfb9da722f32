// SPDX-License-Identifier: BSD-3-Clause
// The gate's report files: Markdown (job summary, merge-request note), JUnit XML (one test case
// per finding, plus one per check), the GitLab metrics report (OpenMetrics text) and the verdict
// as KEY=value lines for CI scripts.
#pragma once

#include "gate/compare.hpp"

#include <ostream>
#include <string>
#include <string_view>

namespace tally::gate {

/// What an inconclusive check is, for the reports that list them (decision.hpp, step 2).
inline constexpr std::string_view inconclusive_meaning =
    "a move that one job's state on each side may have made (no history of jobs, and too few regions or "
    "configurations to tell it from the code, or every region slower alike), a large move the family of checks "
    "suspects but does not confirm, or a move beyond the tolerance with no noise to judge it by: one run per "
    "commit, fewer than three commits; an A/B study settles each";

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

/// Why a history verdict needs an A/B study to settle it: `uniform` (its worse moves are every region
/// slower by one factor, which a slower runner does as well as the code: a regression along a
/// history of jobs, inconclusive without one), `one_job` (inconclusive: its worse moves are each one
/// job's move on each side, where no history of jobs and too few regions tell a job's state from the
/// code: Check::job_state_untold), `inconclusive` (any other inconclusive verdict); `none` for a
/// verdict that stands, and for an A/B study.
enum class Confirmation { none, inconclusive, uniform, one_job };

/// "none", "inconclusive", "uniform" or "one_job".
std::string_view to_string(Confirmation confirmation);

/// Whether and why an A/B study should confirm the verdict of `result` (`paired`: judged on an A/B
/// study already).
Confirmation confirmation_of(const GateResult& result, bool paired);

/// The commits a verdict is about, for the CI scripts that act on it.
struct VerdictSubject {
  std::string candidate_commit; ///< as resolved, or as the documents name it
  std::string baseline_commit;  ///< the newest baseline commit; empty without a baseline
  bool paired = false;          ///< an A/B study's pairs were judged
};

/// The verdict as KEY=value lines, one word each (GitLab's dotenv report, GitHub's step outputs):
/// TALLY_VERDICT, TALLY_VERDICT_EXIT_CODE, TALLY_VERDICT_CONFIRM, TALLY_VERDICT_CANDIDATE,
/// TALLY_VERDICT_BASELINE.
void write_dotenv(std::ostream& out, const GateResult& result, const VerdictSubject& subject);

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
