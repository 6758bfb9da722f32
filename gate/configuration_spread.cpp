// SPDX-License-Identifier: BSD-3-Clause
// The spread of one region's moves across its configurations (configuration_spread.hpp).
#include "gate/configuration_spread.hpp"

#include "gate/statistics.hpp"

namespace tally::gate {

std::vector<std::optional<JobSpread>> job_spread(std::span<const ConfigurationMove> moves, bool common_reference) {
  std::vector<std::optional<JobSpread>> out(moves.size());
  if (moves.size() < configuration_spread_min_configurations) return out;
  const auto others = static_cast<double>(moves.size() - 1);
  // About the others' mean, one degree of freedom goes to the mean.
  const double degrees = common_reference ? others : others - 1;
  for (std::size_t judged = 0; judged < moves.size(); ++judged) {
    double centre = 0;
    if (!common_reference) {
      for (std::size_t i = 0; i < moves.size(); ++i)
        centre += i == judged ? 0.0 : moves[i].change / others;
    }
    double squares = 0, explained = 0, explained_degrees = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (i == judged) continue;
      squares += (moves[i].change - centre) * (moves[i].change - centre);
      explained += moves[i].deviation * moves[i].deviation / others;
      explained_degrees += moves[i].degrees;
    }
    // Their mean square per degree of freedom is a job's variance plus their scales' mean one; the
    // F test of the two says whether it spreads beyond chance.
    const double spread = squares / degrees;
    if (explained == 0 || f_upper_tail(spread / explained, degrees, explained_degrees) > configuration_spread_chance)
      continue;
    const double job = spread - explained;
    const double own = moves[judged].deviation * moves[judged].deviation;
    const double total = own + job;
    out[judged] = JobSpread{job, total * total / (own * own / moves[judged].degrees + job * job / degrees)};
  }
  return out;
}

} // namespace tally::gate
