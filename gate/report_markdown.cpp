// SPDX-License-Identifier: BSD-3-Clause
// The Markdown report: verdict first, then regressions with their attribution, then every other
// finding; a table of all checks would drown the reader, so passes are only counted.
#include "gate/attribution.hpp"
#include "gate/reports.hpp"

#include <map>

namespace tally::gate {

std::string markdown_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r')
      out += ' ';
    else if (c == '|' || c == '`' || c == '\\' || c == '*' || c == '_' || c == '[' || c == ']' || c == '<' ||
             c == '>' || c == '#')
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

namespace {

void list_checks(std::ostream& out, const GateResult& result, Verdict verdict, const char* title) {
  bool any = false;
  for (const Check& check : result.checks) {
    if (check.result.verdict != verdict) continue;
    if (!any) out << "\n### " << title << "\n\n";
    any = true;
    out << "- " << markdown_escape(check.experiment) << ": " << markdown_escape(describe(check));
    if (check.result.p_value) out << "; p = " << *check.result.p_value;
    out << "; " << to_string(check.result.evidence);
    if (!check.note.empty()) out << "; " << markdown_escape(check.note);
    out << '\n';
  }
}

} // namespace

void write_markdown(std::ostream& out, const GateHeading& heading, const GateResult& result) {
  out << "## tally gate: " << to_string(result.overall) << "\n\n";
  out << "Candidate `" << markdown_escape(heading.candidate) << "` (" << result.candidate_runs
      << " runs) against baseline `" << markdown_escape(heading.baseline) << "` (" << result.baseline_runs
      << " runs).\n";
  if (result.overall == Verdict::no_baseline)
    out << "\nNo baseline runs: nothing was compared, and the gate passes. Run the benchmarks on the baseline "
           "commit to compare against it.\n";
  std::map<Verdict, std::size_t> counts;
  for (const Check& check : result.checks)
    ++counts[check.result.verdict];
  out << "\n| verdict | checks |\n| --- | --- |\n";
  for (const auto& [verdict, count] : counts)
    out << "| " << to_string(verdict) << " | " << count << " |\n";
  list_checks(out, result, Verdict::regression, "Regressions");
  list_checks(out, result, Verdict::waived, "Waived");
  list_checks(out, result, Verdict::inconclusive, "Inconclusive (beyond tolerance, samples not different)");
  list_checks(out, result, Verdict::improvement, "Improvements");
  if (!result.not_compared.empty()) {
    out << "\n### Not compared (environments differ)\n\n";
    for (const std::string& reason : result.not_compared)
      out << "- " << markdown_escape(reason) << '\n';
  }
  for (const auto& [list, title] :
       {std::pair{&result.new_regions, "New regions"}, {&result.removed_regions, "Removed regions"}}) {
    if (list->empty()) continue;
    out << "\n### " << title << "\n\n";
    for (const OneSided& region : *list)
      out << "- " << markdown_escape(region.experiment) << ": " << markdown_escape(region.region) << " @ "
          << markdown_escape(region.configuration.label()) << '\n';
  }
}

} // namespace tally::gate
