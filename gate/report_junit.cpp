// SPDX-License-Identifier: BSD-3-Clause
// JUnit XML in the subset GitLab and GitHub read: testsuites > testsuite > testcase(name,
// classname) with failure(message) for regressions (a hung run among them) and skipped for checks
// that decided nothing and for warnings.
// The suite "findings" holds one case per cause (what a reader opens first), then one suite per
// experiment holds every check.
#include "gate/attribution.hpp"
#include "gate/reports.hpp"

#include "tally/model/xml_escape.hpp"

#include <map>
#include <vector>

namespace tally::gate {
namespace {

struct Case {
  std::string name;
  std::string failure; ///< message of a failure, when failed
  std::string skipped; ///< message of a skip, when skipped
  std::string output;  ///< details
};

Case case_of(const Check& check) {
  Case out{check.region + " @ " + check.configuration.label() + ": " +
               std::string(model::metric_info(check.metric).key),
           "", "", describe(check) + "; " + evidence_of(check)};
  if (!check.note.empty()) out.output += "; " + check.note;
  if (check.result.verdict == Verdict::regression) out.failure = describe(check);
  if (check.result.verdict == Verdict::inconclusive) out.skipped = "inconclusive: " + std::string(inconclusive_meaning);
  return out;
}

Case case_of(const Finding& finding, const GateResult& result) {
  const std::string subject = finding.run_event ? std::string(to_string(result.run_events[*finding.run_event].kind))
                              : finding.count_changes.empty() ? std::string(model::metric_info(finding.metric).key)
                                                              : "counts";
  Case out{finding.experiment + ": " + finding.region + ": " + subject, "", "", finding.summary + "; checks:"};
  for (std::size_t index : finding.checks)
    out.output += "\n" + check_name(result.checks[index]);
  if (finding.verdict == Verdict::regression) out.failure = finding.summary;
  if (finding.verdict == Verdict::inconclusive) out.skipped = "inconclusive: " + finding.summary;
  if (finding.verdict == Verdict::changed) out.output = "changed: " + out.output;
  if (finding.verdict == Verdict::warning) out.skipped = "warning: " + finding.summary;
  return out;
}

} // namespace

void write_junit(std::ostream& out, const GateHeading& heading, const GateResult& result) {
  std::map<std::string, std::vector<Case>> suites;
  for (const Finding& finding : result.findings)
    suites["findings"].push_back(case_of(finding, result));
  for (const Check& check : result.checks)
    suites[check.experiment].push_back(case_of(check));
  for (const std::string& reason : result.not_compared)
    suites["not compared"].push_back({reason, "", "environments differ", reason});
  if (result.overall == Verdict::no_baseline)
    suites["baseline"].push_back({"no baseline", "", "no baseline runs for " + heading.baseline, ""});
  std::size_t tests = 0, failures = 0, skipped = 0;
  for (const auto& [name, cases] : suites) {
    for (const Case& c : cases) {
      ++tests;
      failures += !c.failure.empty();
      skipped += !c.skipped.empty();
    }
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"tally gate " << model::xml_escape(heading.candidate) << "\" tests=\"" << tests
      << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\">\n";
  for (const auto& [name, cases] : suites) {
    std::size_t suite_failures = 0, suite_skipped = 0;
    for (const Case& c : cases) {
      suite_failures += !c.failure.empty();
      suite_skipped += !c.skipped.empty();
    }
    out << "  <testsuite name=\"" << model::xml_escape(name) << "\" tests=\"" << cases.size() << "\" failures=\""
        << suite_failures << "\" skipped=\"" << suite_skipped << "\">\n";
    for (const Case& c : cases) {
      out << "    <testcase name=\"" << model::xml_escape(c.name) << "\" classname=\"tally.gate."
          << model::xml_escape(name) << "\">";
      if (!c.failure.empty())
        out << "<failure message=\"" << model::xml_escape(c.failure) << "\" type=\"regression\">"
            << model::xml_escape(c.output) << "</failure>";
      else if (!c.skipped.empty())
        out << "<skipped message=\"" << model::xml_escape(c.skipped) << "\"/>";
      if (c.failure.empty() && !c.output.empty())
        out << "<system-out>" << model::xml_escape(c.output) << "</system-out>";
      out << "</testcase>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

} // namespace tally::gate
