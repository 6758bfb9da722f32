// SPDX-License-Identifier: BSD-3-Clause
// The node's energy at any moment, as the region hooks estimate it: the latest reading plus the
// power of the interval before it times the time since. The helper thread publishes each reading;
// the hooks read it lock-free, with no system call.
#pragma once

#include "energy/energy_meter.hpp"

#include <atomic>
#include <cstdint>

namespace tally::profiler::energy {

/// Energy per domain in microjoules, as a real number (an estimate between two readings).
using ExtrapolatedEnergy = std::array<double, domain_count>;

/// The latest reading, published by one writer and read by any thread (a sequence count, odd
/// while the writer changes it, tells a torn read, which is retried).
class PublishedReading {
public:
  /// A reading at clock tick `now` with the energy `total_uj` since the first: the power until
  /// the next is taken to be that of the interval since the previous reading (zero before there
  /// is one). Writer only.
  void publish(std::uint64_t now, const DomainEnergy& total_uj);

  /// The energy at tick `at`: the latest reading plus its power times the ticks since (a tick
  /// before the reading counts as the reading's own). Any thread; no allocation, lock or system call.
  ExtrapolatedEnergy estimate_at(std::uint64_t at) const;

private:
  std::atomic<std::uint32_t> changes_{0};
  std::atomic<std::uint64_t> at_{0};
  std::array<std::atomic<double>, domain_count> total_uj_{};
  std::array<std::atomic<double>, domain_count> uj_per_tick_{};
  // The writer's own copy of the previous reading.
  std::uint64_t previous_at_ = 0;
  DomainEnergy previous_uj_{};
  bool published_once_ = false;
};

} // namespace tally::profiler::energy
