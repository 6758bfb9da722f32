// SPDX-License-Identifier: BSD-3-Clause
// The published reading: a sequence lock over relaxed atomics, so that readers on the hot path
// never wait and never see half of a reading.
#include "energy/published_reading.hpp"

namespace tally::profiler::energy {

void PublishedReading::publish(std::uint64_t now, const DomainEnergy& total_uj) {
  const std::uint64_t elapsed = published_once_ && now > previous_at_ ? now - previous_at_ : 0;
  changes_.fetch_add(1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
  at_.store(now, std::memory_order_relaxed);
  for (std::size_t d = 0; d < domain_count; ++d) {
    total_uj_[d].store(static_cast<double>(total_uj[d]), std::memory_order_relaxed);
    const double power =
        elapsed == 0 ? 0.0 : static_cast<double>(total_uj[d] - previous_uj_[d]) / static_cast<double>(elapsed);
    uj_per_tick_[d].store(power, std::memory_order_relaxed);
  }
  changes_.fetch_add(1, std::memory_order_release);
  previous_at_ = now;
  previous_uj_ = total_uj;
  published_once_ = true;
}

ExtrapolatedEnergy PublishedReading::estimate_at(std::uint64_t at) const {
  ExtrapolatedEnergy estimate{};
  for (;;) {
    const std::uint32_t before = changes_.load(std::memory_order_acquire);
    const std::uint64_t reading_at = at_.load(std::memory_order_relaxed);
    const double since = at > reading_at ? static_cast<double>(at - reading_at) : 0.0;
    for (std::size_t d = 0; d < domain_count; ++d) {
      estimate[d] =
          total_uj_[d].load(std::memory_order_relaxed) + uj_per_tick_[d].load(std::memory_order_relaxed) * since;
    }
    std::atomic_thread_fence(std::memory_order_acquire);
    if ((before & 1u) == 0 && changes_.load(std::memory_order_relaxed) == before) return estimate;
  }
}

} // namespace tally::profiler::energy
