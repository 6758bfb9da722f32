// SPDX-License-Identifier: BSD-3-Clause
// What reading energy costs: one reading of every counter (the helper thread's work per wake-up,
// 10 per second) and one estimate (what a region start or stop of the reading thread adds), in ns,
// best of 5 rounds. On ROOT, or on a fake two-socket tree (two packages, two dram) made here ("-").
// With NVML_LIBRARY, also one reading of its GPUs (the fake NVML: 4 devices, FAKE_NVML_WATTS).
// Run by bench/energy_cost.sh. Usage: energy_cost [ROOT|-] [NVML_LIBRARY]
#include "energy/energy_meter.hpp"
#include "energy/nvml.hpp"
#include "energy/powercap.hpp"
#include "energy/published_reading.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using namespace tally::profiler::energy;

/// Nanoseconds per call of `body`, the best of 5 rounds of `calls` calls.
template <class Body> double best_of_5(long calls, Body body) {
  double best = 1e300;
  for (int round = 0; round < 5; ++round) {
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i)
      body(i);
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count() / static_cast<double>(calls));
  }
  return best;
}

/// Nanoseconds of this thread's CPU time per call of `body` over `calls` calls: beside the wall
/// time, whether a reading keeps a core busy or waits (a driver call can sleep).
template <class Body> double cpu_ns_per_call(long calls, Body body) {
  const auto thread_cpu_ns = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
  };
  const double start = thread_cpu_ns();
  for (long i = 0; i < calls; ++i)
    body(i);
  return (thread_cpu_ns() - start) / static_cast<double>(calls);
}

std::filesystem::path fake_two_sockets() {
  const std::filesystem::path root =
      std::filesystem::temp_directory_path() / ("tally_energy_cost_" + std::to_string(getpid()));
  for (const char* package : {"0", "1"}) {
    const std::filesystem::path folder = root / (std::string("intel-rapl:") + package);
    const std::filesystem::path memory = folder / (std::string("intel-rapl:") + package + ":0");
    std::filesystem::create_directories(memory);
    std::ofstream(folder / "name") << "package-" << package << "\n";
    std::ofstream(memory / "name") << "dram\n";
    for (const auto& zone : {folder, memory}) {
      std::ofstream(zone / "energy_uj") << "123456789\n";
      std::ofstream(zone / "max_energy_range_uj") << "262143328850\n";
    }
  }
  return root;
}

} // namespace

int main(int argc, char** argv) {
  const bool fake = argc < 2 || std::string(argv[1]) == "-";
  const std::filesystem::path root = fake ? fake_two_sockets() : std::filesystem::path(argv[1]);
  PowercapScan scan = scan_powercap(root);
  if (scan.zones.empty()) {
    std::fprintf(stderr, "energy_cost: no readable zone under %s\n", root.c_str());
    return 1;
  }
  const std::size_t zones = scan.zones.size();
  EnergyMeter meter(std::move(scan.zones));
  const double read_ns = best_of_5(2000, [&](long) { meter.read(); });
  PublishedReading published;
  published.publish(0, meter.totals_uj());
  published.publish(1000, meter.totals_uj());
  double sink = 0;
  const double estimate_ns =
      best_of_5(1000000, [&](long i) { sink += published.estimate_at(static_cast<std::uint64_t>(1000 + i))[0]; });
  const double readings_per_second = 10; // the helper thread's period: 100 ms
  std::printf("energy reads on %s (%zu zones)\n", fake ? "a fake two-socket tree" : root.c_str(), zones);
  std::printf("  one reading of every counter:      %10.0f ns (%.1f us per second of run at %.0f readings/s, %.4f %% "
              "of one core)\n",
              read_ns, read_ns * readings_per_second * 1e-3, readings_per_second, read_ns * readings_per_second * 1e-7);
  std::printf("  one estimate (region start/stop):  %10.1f ns (twice per visit of the reading thread: %.1f ns)\n",
              estimate_ns, 2 * estimate_ns);
  if (fake) std::filesystem::remove_all(root);
  if (argc > 2) {
    ::setenv("FAKE_NVML_WATTS", "250,250,250,250", 0);
    GpuMeter gpus(argv[2]);
    gpus.open();
    gpus.read();
    const double gpus_ns = best_of_5(200, [&](long) { gpus.read(); });
    const double gpus_cpu_ns = cpu_ns_per_call(200, [&](long) { gpus.read(); });
    std::printf("  one reading of %zu GPUs (NVML at %s): %10.0f ns (%.1f us per second of run), of which %.0f ns "
                "of CPU time (%.4f %% of one core)\n",
                gpus.sensors().size(), argv[2], gpus_ns, gpus_ns * readings_per_second * 1e-3, gpus_cpu_ns,
                gpus_cpu_ns * readings_per_second * 1e-7);
    gpus.close();
  }
  return sink < 0 ? 1 : 0;
}
