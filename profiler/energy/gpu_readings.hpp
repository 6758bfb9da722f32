// SPDX-License-Identifier: BSD-3-Clause
// The GPUs' energy as the helper thread publishes it. NVML's energy counter is exact but costs
// milliseconds of CPU on some drivers (4 ms on an H200), its instantaneous power microseconds: the
// counter is read as often as its cost allows, and between two counter readings the energy is the
// power sampled at each wake-up times the time since the last, re-anchored at the next counter reading.
#pragma once

#include "energy/nvml.hpp"

#include <cstdint>
#include <optional>

namespace tally::profiler::energy {

/// The share of one core that reading the GPUs' energy counters may take: read at every wake-up of
/// the helper thread, an H200's would keep 4 % of a core busy on the reading rank.
inline constexpr double gpu_counter_core_share = 0.005;

class GpuReadings {
public:
  /// `wake_ns`: the helper thread's period. `gpus` is open and outlives this.
  GpuReadings(GpuMeter& gpus, std::uint64_t wake_ns) : gpus_(gpus), wake_ns_(wake_ns) {}

  /// The run's first reading, at `now_ns` (CLOCK_MONOTONIC): the counter. Microjoules since it (0).
  std::uint64_t first(std::uint64_t now_ns);
  /// A wake-up of the helper thread at `now_ns`: the counter when its turn has come, else the
  /// sampled power; empty when neither answers (nothing new to publish).
  std::optional<std::uint64_t> on_wake(std::uint64_t now_ns);
  /// The run's last reading: the counter, exact.
  std::uint64_t last();

  /// The longest interval between two readings of the run, in wake-ups (for the bound).
  std::uint64_t longest_interval_wakes() const { return longest_; }

private:
  std::uint64_t read_counter(std::uint64_t now_ns);

  GpuMeter& gpus_;
  std::uint64_t wake_ns_;
  std::uint64_t counter_every_ = 1; ///< wake-ups between two counter readings, from the last one's cost
  std::uint64_t wakes_since_counter_ = 0;
  std::uint64_t wakes_since_reading_ = 0;
  std::uint64_t longest_ = 1;
  double total_uj_ = 0;       ///< the counter's energy at its last reading, plus the power sampled since
  std::uint64_t last_ns_ = 0; ///< when total_uj_ was last brought up to date
};

} // namespace tally::profiler::energy
