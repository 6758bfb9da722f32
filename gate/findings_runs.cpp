// SPDX-License-Identifier: BSD-3-Clause
// Findings of the run events: each is its own cause (a hang is one run's, a behaviour or idle
// nodes one configuration's), so nothing is merged or explained by another finding.
#include "gate/findings.hpp"

namespace tally::gate {

std::vector<Finding> find_run_event_causes(const GateResult& result) {
  std::vector<Finding> out;
  for (std::size_t index = 0; index < result.run_events.size(); ++index) {
    const RunEvent& event = result.run_events[index];
    Finding finding{event.verdict, event.experiment, "Global"};
    if (event.hang && !event.hang->regions.empty()) finding.region = event.hang->regions.back();
    finding.configurations = {event.configuration};
    finding.worse = event.verdict == Verdict::regression;
    finding.summary = event.description;
    finding.run_event = index;
    out.push_back(std::move(finding));
  }
  return out;
}

} // namespace tally::gate
