// SPDX-License-Identifier: BSD-3-Clause
// The basis names the domains as well as the source: a counter left out of one run (unreadable
// that day) would otherwise show as an energy saving of the domain's whole share.
#include "gate/energy_basis.hpp"

#include "tally/model/energy_to_solution.hpp"
#include "tally/model/energy_units.hpp"

namespace tally::gate {
namespace {

/// The basis of one region of one run: nullopt without an energy to solution.
std::optional<std::string> basis_of(const model::Region& region) {
  if (!region.energy) return std::nullopt;
  const auto energy = model::energy_to_solution(*region.energy);
  if (!energy) return std::nullopt;
  return region.energy->source + ", " + energy->domains;
}

} // namespace

std::optional<std::string> energy_basis(const analysis::Repetitions& runs, const std::string& region) {
  std::optional<std::string> out;
  for (const analysis::ingest::LoadedRun* run : runs) {
    const model::Region* found = model::find_region(run->document, region);
    if (!found) continue;
    const std::optional<std::string> basis = basis_of(*found);
    if (!basis || (out && *out != *basis)) return std::nullopt;
    out = basis;
  }
  return out;
}

void add_energy(std::vector<model::MetricValues>& metrics, const analysis::Repetitions& runs, const std::string& region,
                const std::optional<std::string>& basis) {
  if (!basis || energy_basis(runs, region) != basis) return;
  std::size_t k = 0;
  for (const analysis::ingest::LoadedRun* run : runs) {
    const model::Region* found = model::find_region(run->document, region);
    if (!found || k == metrics.size()) continue;
    metrics[k++].set(model::MetricId::energy_j, model::joules(model::energy_to_solution(*found->energy)->microjoules));
  }
}

} // namespace tally::gate
