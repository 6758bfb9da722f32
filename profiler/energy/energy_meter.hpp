// SPDX-License-Identifier: BSD-3-Clause
// A node's energy counters read again and again: each reading adds every zone's increment since
// the one before (across the wrap-around), so the totals are the energy since the first reading.
#pragma once

#include "energy/powercap.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tally::profiler::energy {

inline constexpr std::size_t domain_count = 6;

/// Microjoules per domain, indexed by Domain: several zones of one domain (two packages) add up.
using DomainEnergy = std::array<std::uint64_t, domain_count>;

/// The counters of `zones`, accumulated. Not thread-safe: one thread reads at a time (the run's
/// main thread at its start and end, the helper thread in between, never both at once).
class EnergyMeter {
public:
  explicit EnergyMeter(std::vector<Zone> zones);

  /// Reads every zone and adds its increment since its last good reading. A zone that cannot be
  /// read now keeps its last value, so its energy comes with its next good reading (exact while
  /// the counter wrapped at most once meanwhile); the miss is counted.
  void read();

  /// Energy since the first reading, per domain.
  DomainEnergy totals_uj() const;
  const std::vector<Zone>& zones() const { return zones_; }
  /// Readings of one zone that failed (the zone left unreadable after the scan found it).
  std::uint64_t failed_reads() const { return failed_reads_; }

private:
  std::vector<Zone> zones_;
  std::vector<std::uint64_t> last_uj_;  ///< each zone's last good reading
  std::vector<std::uint64_t> total_uj_; ///< each zone's energy since its first good reading
  std::vector<bool> read_once_;
  std::uint64_t failed_reads_ = 0;
};

} // namespace tally::profiler::energy
