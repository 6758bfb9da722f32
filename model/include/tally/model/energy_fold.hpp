// SPDX-License-Identifier: BSD-3-Clause
// The one fold of the energy that several processes measured, each the reader of its host's
// sensors: what is summed, which domains a region keeps, and when a run has energy at all.
#pragma once

#include "tally/model/run_document.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace tally::model {

/// The energy domains a document may hold, in the order of the fold's arrays.
inline constexpr std::array<std::string_view, 6> energy_domains{"package", "dram", "core", "uncore", "psys", "gpu"};

/// A region's energy over the processes that measured it: only sums, so the MPI reduction moves
/// `sums` with MPI_SUM without knowing what they are. Slots: the microjoules of each domain, then
/// how many processes measured each domain, then how many measured the region.
struct RegionEnergyFold {
  static constexpr std::size_t domain_count = energy_domains.size();
  enum Field : std::size_t { readers = 2 * domain_count, field_count };
  std::array<std::uint64_t, field_count> sums{};

  void add(const RegionEnergy& energy);
  /// The region's energy, summed over the hosts: the domains that every process that measured it
  /// measured (a domain missing on one host would make the sum wrong). Nothing when no process
  /// measured the region, or when the run has no energy (`run` not available).
  std::optional<RegionEnergy> finish(const EnergySensors& run) const;
};

/// The sensors of the processes that read their host's sensors. `readers` and `measured` are sums,
/// `sampling_period_ns` a maximum, the sentences unions: the reduction moves them as such.
struct EnergySensorsFold {
  std::uint64_t readers = 0;  ///< processes that looked for their host's sensors
  std::uint64_t measured = 0; ///< those that measured the run
  std::uint64_t sampling_period_ns = 0;
  std::set<std::string> sensors, left_out, reasons;

  void add(const EnergySensors& reader);
  /// The run's sensors: available when every reader measured (the energy of a host without
  /// sensors would be missing from the sums), otherwise the readers' reasons.
  EnergySensors finish() const;
};

} // namespace tally::model
