// SPDX-License-Identifier: BSD-3-Clause
// GitLab's metrics report: OpenMetrics text, one sample per check with the candidate's median,
// so GitLab shows the change against the target branch's report in the merge request, and one
// sample per hung candidate run.
#include "gate/reports.hpp"

#include "analysis/run_outcome.hpp"

#include <cstdio>
#include <set>

namespace tally::gate {

std::string openmetrics_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

void write_metrics(std::ostream& out, const GateResult& result) {
  // OpenMetrics wants the samples of one metric family together, under one TYPE line.
  for (const model::MetricInfo& info : model::metric_table()) {
    bool typed = false;
    std::set<std::string> seen;
    for (const Check& check : result.checks) {
      if (check.metric != info.id) continue;
      const std::string labels = "experiment=\"" + openmetrics_escape(check.experiment) + "\",region=\"" +
                                 openmetrics_escape(check.region) + "\",configuration=\"" +
                                 openmetrics_escape(check.configuration.key()) + "\"";
      if (!seen.insert(labels).second) continue;
      if (!typed) out << "# TYPE tally_" << info.key << " gauge\n";
      typed = true;
      char value[32];
      std::snprintf(value, sizeof value, "%.17g", check.result.candidate_median);
      out << "tally_" << info.key << '{' << labels << "} " << value << '\n';
    }
  }
  // A hung candidate run: how long it had waited, labelled with where (run_events.hpp).
  bool typed = false;
  for (const RunEvent& event : result.run_events) {
    if (!event.hang) continue;
    if (!typed) out << "# TYPE tally_hang_waited_seconds gauge\n";
    typed = true;
    char value[32];
    std::snprintf(value, sizeof value, "%.17g", static_cast<double>(event.hang->waited_ns) / 1e9);
    out << "tally_hang_waited_seconds{experiment=\"" << openmetrics_escape(event.experiment) << "\",configuration=\""
        << openmetrics_escape(event.configuration.key()) << "\",run=\"" << openmetrics_escape(event.run_id)
        << "\",rank=\"" << event.hang->rank << "\",host=\"" << openmetrics_escape(event.hang->host) << "\",call=\""
        << openmetrics_escape(event.hang->call) << "\",regions=\""
        << openmetrics_escape(analysis::region_stack_text(*event.hang)) << "\"} " << value << '\n';
  }
  out << "# EOF\n";
}

} // namespace tally::gate
