// SPDX-License-Identifier: BSD-3-Clause
// The Markdown report: verdict first, then one table row per finding; every check stays in a
// <details> block, folded, because twenty lines for one cause drown the reader.
#include "gate/attribution.hpp"
#include "gate/decision.hpp"
#include "gate/paired.hpp"
#include "gate/reports.hpp"

#include "tally/model/visible_text.hpp"

#include <cstdio>
#include <map>
#include <sstream>

namespace tally::gate {

std::string markdown_escape(std::string_view text) {
  std::string out;
  for (char c : model::visible_text(text)) { // line breaks, ESC and bidi controls as \xNN, \u{NNNN}
    if (c == '|' || c == '`' || c == '\\' || c == '*' || c == '_' || c == '[' || c == ']' || c == '<' || c == '>' ||
        c == '#')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out;
}

std::string check_name(const Check& check) {
  return check.experiment + ": " + check.region + " @ " + check.configuration.label() + ": " +
         std::string(model::metric_info(check.metric).key);
}

std::string tolerance_of(const Check& check) {
  if (check.pairs > 0) return paired_tolerance_text(check);
  return tolerance_text(check.rule, check.noise, check.configured_tolerance);
}

std::size_t write_findings(std::ostream& out, const GateResult& result) {
  for (const Finding& finding : result.findings)
    out << to_string(finding.verdict) << ": " << finding.experiment << ": " << finding.summary << '\n';
  return result.findings.size();
}

std::string evidence_of(const Check& check) {
  const SampleVerdict& evidence = check.result;
  char numbers[128] = "";
  const char* judged = evidence.certain_beyond_tolerance ? "any move beyond the tolerance is certain"
                       : evidence.kept                   ? "kept by the family-wise rule"
                                                         : "not kept by the family-wise rule";
  if (evidence.z && evidence.p_value)
    std::snprintf(numbers, sizeof numbers, "z = %.2g, p = %.2g (%s); ", *evidence.z, *evidence.p_value, judged);
  char impact[64];
  std::snprintf(impact, sizeof impact, "; costs the run %.2g%%", 100.0 * evidence.impact);
  return numbers + std::string(to_string(evidence.evidence)) + "; " + tolerance_of(check) + impact;
}

namespace {

void list_checks(std::ostream& out, const GateResult& result, Verdict verdict, std::string_view title) {
  bool any = false;
  for (const Check& check : result.checks) {
    if (check.result.verdict != verdict) continue;
    if (!any) out << "\n### " << title << "\n\n";
    any = true;
    out << "- " << markdown_escape(check.experiment) << ": " << markdown_escape(describe(check)) << "; "
        << evidence_of(check);
    if (!check.note.empty()) out << "; " << markdown_escape(check.note);
    out << '\n';
  }
}

std::string checks_block(const GateResult& result) {
  std::ostringstream out;
  std::map<Verdict, std::size_t> counts;
  for (const Check& check : result.checks)
    ++counts[check.result.verdict];
  out << "\n<details><summary>All " << result.checks.size() << " checks</summary>\n\n";
  out << "| verdict | checks |\n| --- | --- |\n";
  for (const auto& [verdict, count] : counts)
    out << "| " << to_string(verdict) << " | " << count << " |\n";
  list_checks(out, result, Verdict::regression, "Regressions");
  list_checks(out, result, Verdict::waived, "Waived");
  list_checks(out, result, Verdict::inconclusive, "Inconclusive (" + std::string(inconclusive_meaning) + ")");
  list_checks(out, result, Verdict::improvement, "Improvements");
  out << "\n</details>\n";
  return out.str();
}

std::string other_sections(const GateResult& result) {
  std::ostringstream out;
  if (!result.unused_rules.empty()) {
    out << "\n### Rules that checked nothing\n\n";
    for (const std::string& unused : result.unused_rules)
      out << "- " << markdown_escape(unused) << '\n';
  }
  if (!result.study_notes.empty()) {
    out << "\n### The A/B study's pairs\n\n";
    for (const std::string& note : result.study_notes)
      out << "- " << markdown_escape(note) << '\n';
  }
  if (!result.not_compared.empty()) {
    out << "\n### Not compared (environments differ)\n\n";
    for (const std::string& reason : result.not_compared)
      out << "- " << markdown_escape(reason) << '\n';
  }
  if (!result.reference_notes.empty()) {
    out << "\n### Metrics across runs against another reference configuration\n\n";
    for (const std::string& note : result.reference_notes)
      out << "- " << markdown_escape(note) << '\n';
  }
  for (const auto& [list, title] :
       {std::pair{&result.new_configurations, "New configurations (not in the baseline: nothing judged)"},
        {&result.removed_configurations, "Configurations the candidate did not run"},
        {&result.older_baselines, "Configurations the baseline did not run"},
        {&result.new_regions, "New regions"},
        {&result.removed_regions, "Removed regions"}}) {
    if (list->empty()) continue;
    out << "\n### " << title << "\n\n";
    for (const OneSided& one : *list) {
      out << "- " << markdown_escape(one.experiment) << ": ";
      if (!one.region.empty()) out << markdown_escape(one.region) << " @ ";
      out << markdown_escape(one.configuration.label());
      if (!one.note.empty()) out << " (" << markdown_escape(one.note) << ')';
      out << '\n';
    }
  }
  return out.str();
}

std::string elsewhere(const MarkdownLimit& limit) {
  return limit.details_url.empty() ? "in the JUnit report" : "at " + limit.details_url;
}

} // namespace

void write_markdown(std::ostream& out, const GateHeading& heading, const GateResult& result,
                    const MarkdownLimit& limit) {
  std::ostringstream head;
  head << "## tally gate: " << to_string(result.overall) << "\n\n";
  head << markdown_escape(deciding_text(result)) << "\n\n";
  head << "Candidate `" << markdown_escape(heading.candidate) << "` (" << result.candidate_runs
       << " runs) against baseline `" << markdown_escape(heading.baseline) << "` (" << result.baseline_runs
       << " runs).\n";
  for (const std::string& note : result.runner_notes)
    head << "\nRunner: " << markdown_escape(note) << '\n';
  if (result.overall == Verdict::no_baseline)
    head << "\nNo baseline runs: nothing was compared, and the gate passes. Run the benchmarks on the baseline "
            "commit to compare against it.\n";
  const std::vector<Finding>& findings = result.findings;
  std::vector<std::string> rows;
  for (const Finding& finding : findings)
    rows.push_back("| " + std::string(to_string(finding.verdict)) + " | " + markdown_escape(finding.experiment) +
                   " | " + markdown_escape(finding.summary) + " | " + std::to_string(finding.checks.size()) + " |\n");
  const std::string table_head = "\n| verdict | experiment | finding | checks |\n| --- | --- | --- | --- |\n";
  const std::string others = other_sections(result);
  std::string details = result.checks.empty() ? "" : checks_block(result);
  std::size_t size = head.str().size() + others.size() + details.size() + (rows.empty() ? 0 : table_head.size());
  for (const std::string& row : rows)
    size += row.size();
  if (limit.max_bytes != 0 && size > limit.max_bytes && !details.empty()) {
    size -= details.size();
    details = "\nThe " + std::to_string(result.checks.size()) + " checks are left out to keep this report under " +
              std::to_string(limit.max_bytes) + " bytes: they are " + elsewhere(limit) + ".\n";
    // Room for the line saying that findings were left out, should that be needed too.
    size += details.size() + 80 + limit.details_url.size();
  }
  std::size_t kept = rows.size();
  while (limit.max_bytes != 0 && size > limit.max_bytes && kept > 0)
    size -= rows[--kept].size();
  out << head.str();
  if (findings.empty() && !result.checks.empty()) out << "\nNo finding: every check passed.\n";
  if (!rows.empty()) out << table_head;
  for (std::size_t i = 0; i < kept; ++i)
    out << rows[i];
  if (kept < rows.size())
    out << "\n" << rows.size() - kept << " more findings are left out: they are " << elsewhere(limit) << ".\n";
  out << others << details;
}

} // namespace tally::gate
