// SPDX-License-Identifier: BSD-3-Clause
// The GPUs' energy counters through NVML, loaded at run time (dlopen, never linked: a machine
// without an NVIDIA driver pays one failed lookup): the devices whose total energy can be read,
// and their energy since the first reading.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tally::profiler::energy {

/// The GPUs of this host, read again and again. Not thread-safe: one thread reads at a time (as
/// EnergyMeter).
class GpuMeter {
public:
  /// Loads NVML from `library` (a name the dynamic loader looks up, or a path); nothing else.
  explicit GpuMeter(const std::string& library);
  GpuMeter(const GpuMeter&) = delete;
  GpuMeter& operator=(const GpuMeter&) = delete;
  ~GpuMeter();

  /// The library was found (it may still see no GPU).
  bool loaded() const { return library_ != nullptr; }

  /// Initialises NVML and keeps the devices whose total energy counter answers; one sentence per
  /// device or problem left out (NVML failing, no device, a device before Volta).
  std::vector<std::string> open();

  /// The devices kept, e.g. "nvml:0 (gpu)".
  const std::vector<std::string>& sensors() const { return labels_; }

  /// Reads every device and adds its increment since its last good reading; a failed reading
  /// keeps the device's last value (its energy comes with the next good one) and is counted.
  void read();

  /// Energy of every device since the first reading, microjoules.
  std::uint64_t total_uj() const;

  /// The devices' power now, in watts, from NVML's instantaneous power field: microseconds to
  /// read where the energy counter takes milliseconds (bench/gpu/RESULTS.md). Empty where a device
  /// does not give it (then never asked again).
  std::optional<double> power_w();
  std::uint64_t failed_reads() const { return failed_reads_; }

  /// Shuts NVML down (after the last reading).
  void close();

private:
  struct Functions;
  void* library_ = nullptr;
  std::unique_ptr<Functions> functions_;
  bool initialised_ = false;
  std::vector<void*> devices_; ///< nvmlDevice_t handles
  std::vector<std::string> labels_;
  std::vector<std::uint64_t> last_mj_;
  std::vector<std::uint64_t> total_mj_;
  std::vector<bool> read_once_;
  bool gives_power_ = true;
  std::uint64_t failed_reads_ = 0;
};

} // namespace tally::profiler::energy
