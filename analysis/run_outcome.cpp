// SPDX-License-Identifier: BSD-3-Clause
// The hang's words, from the fields the watchdog recorded and nothing else.
#include "analysis/run_outcome.hpp"

#include "tally/model/metric_format.hpp"

#include <algorithm>

namespace tally::analysis {

std::string hang_text(const model::Hang& hang) {
  std::string out = "rank " + std::to_string(hang.rank) + " (" + hang.host + ") waited " +
                    model::format_duration_ns(static_cast<double>(hang.waited_ns)) + " in " + hang.call;
  if (hang.regions.empty()) return out;
  out += " in region " + hang.regions.back();
  if (hang.regions.size() == 1) return out;
  return out + " (" + region_stack_text(hang) + ")";
}

std::string behaviour_text(std::optional<model::Behaviour> behaviour) {
  if (!behaviour) return "not classified";
  std::string out(model::to_string(*behaviour));
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

std::string region_stack_text(const model::Hang& hang) {
  std::string out;
  for (const std::string& region : hang.regions)
    out += (out.empty() ? "" : " > ") + region;
  return out;
}

} // namespace tally::analysis
