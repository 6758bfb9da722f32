// SPDX-License-Identifier: BSD-3-Clause
// The energy backend: finds the node's powercap counters at load and its GPUs (NVML) at the run's
// start, reads them at the start and end of the run and at every wake-up of the helper thread, and
// gives each region the node's energy while it was open on the thread that started the run
// (README.md: the rule and its bound).
#include "energy/energy_meter.hpp"
#include "energy/gpu_readings.hpp"
#include "energy/nvml.hpp"
#include "energy/powercap.hpp"
#include "energy/published_reading.hpp"

#include "core/backend.hpp"
#include "core/helper_thread.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <optional>
#include <vector>

namespace tally::profiler::energy {

extern const Backend backend;

namespace {

/// A region's visits on the reading thread: the estimate at the start of its outermost open visit
/// and the energy of its closed visits, microjoules.
struct RegionEnergy {
  int depth = 0;
  bool visited = false;
  ExtrapolatedEnergy at_start{};
  ExtrapolatedEnergy accumulated{};
};

/// Everything the backend keeps. The meter is read by one thread at a time: the run's thread at
/// Global's start and stop, the helper thread between them (it starts after and is joined before).
struct Reader {
  RegionHandle global = -1;
  std::optional<EnergyMeter> meter;      ///< the powercap zones, when there are any
  std::optional<GpuMeter> gpus;          ///< NVML, looked for at the run's start by the host's reader
  std::vector<std::string> gpu_problems; ///< NVML found but failing: warned once at the end
  bool reading = false;                  ///< this process reads its node's counters during the run
  PublishedReading published;            ///< the zones, read at every wake-up
  std::optional<GpuReadings> gpu_readings;
  PublishedReading published_gpus;   ///< the GPUs, as gpu_readings gives them
  std::vector<RegionEnergy> regions; ///< by handle; only the reading thread touches them
  DomainEnergy global_uj{};          ///< the counters' exact difference over the run
  model::EnergySensors environment;
};

Reader& reader() {
  static auto* instance = new Reader(); // never destroyed: hooks may run until the very end of exit
  return *instance;
}

/// The thread that started the run in the reading process: its regions get the node's energy.
thread_local bool on_reading_thread = false;

std::string zone_label(const Zone& zone) { return zone.id + " (" + zone.name + ")"; }

std::string joined(const std::vector<std::string>& sentences) {
  std::string text;
  for (const std::string& sentence : sentences)
    text += (text.empty() ? "" : "; ") + sentence;
  return text;
}

/// The powercap zones under `root`, or why there are none (in the reason).
void find_zones(Reader& r, const std::filesystem::path& root) {
  std::error_code error;
  // No powercap folder at all is a machine without the sensors, not a problem worth a warning. It
  // is checked before the scan, which would word the error with strerror: a translated message
  // that can deadlock the program at exit under AddressSanitizer (docs/reliability.md, "LAMMPS at exit").
  if (!std::filesystem::exists(root, error)) {
    r.environment.reason = "no powercap folder " + root.string() + ": no RAPL counters on this machine";
    return;
  }
  PowercapScan scan = scan_powercap(root);
  r.environment.left_out = scan.problems;
  if (!scan.problems.empty()) warn_once(Warning::energy, "energy counters left out: " + joined(scan.problems));
  if (scan.zones.empty()) {
    r.environment.reason = scan.problems.empty() ? "no RAPL zone under " + root.string() : joined(scan.problems);
    return;
  }
  for (const Zone& zone : scan.zones)
    r.environment.sensors.push_back(zone_label(zone));
  r.meter.emplace(std::move(scan.zones));
}

void on_load() {
  Reader& r = reader();
  r.global = process().global;
  r.environment.reason = "the run has not read them";
  find_zones(r, process().options.powercap_root);
  // The GPUs are looked for when the run starts, by the host's reader alone (NVML's initialisation
  // takes time, and every rank of a host would pay it): the backend listens, as they may be there.
  activate_backend(backend);
}

/// The GPUs of the host, with a sentence for each one left out. Without RAPL zones they are the
/// only sensors, and the zones' absence becomes a sentence of its own.
void find_gpus(Reader& r, const std::string& library) {
  GpuMeter& gpus = r.gpus.emplace(library);
  const std::vector<std::string> problems = gpus.open();
  r.environment.sensors.insert(r.environment.sensors.end(), gpus.sensors().begin(), gpus.sensors().end());
  // NVML present but failing is worth a warning; a machine without an NVIDIA driver is not.
  if (gpus.loaded()) r.gpu_problems = problems;
  if (!r.meter && gpus.sensors().empty()) {
    r.environment.reason += "; " + joined(problems);
    return;
  }
  // The zones' absence said once: a scan's problems are already there.
  if (!r.meter && r.environment.left_out.empty()) r.environment.left_out.push_back(r.environment.reason);
  r.environment.left_out.insert(r.environment.left_out.end(), problems.begin(), problems.end());
}

bool has_gpus(const Reader& r) { return r.gpus && !r.gpus->sensors().empty(); }

/// The zones read once: their energy since the first reading, per domain (none without zones).
DomainEnergy read_zones(Reader& r) {
  if (!r.meter) return {};
  r.meter->read();
  return r.meter->totals_uj();
}

std::uint64_t monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

/// The GPUs' energy since the first reading as a reading of the gpu domain alone.
DomainEnergy gpu_domain(std::uint64_t total_uj) {
  DomainEnergy totals{};
  totals[static_cast<std::size_t>(Domain::gpu)] = total_uj;
  return totals;
}

/// Both publications read at tick `now`: the first reading of the run.
void publish_all(Reader& r, std::uint64_t now) {
  if (r.meter) r.published.publish(now, read_zones(r));
  if (!has_gpus(r)) return;
  GpuReadings& gpus = r.gpu_readings.emplace(*r.gpus, std::chrono::nanoseconds(helper_period).count());
  r.published_gpus.publish(now, gpu_domain(gpus.first(monotonic_ns())));
}

/// The node's energy at tick `at`, estimated: the zones' and the GPUs' publications added.
ExtrapolatedEnergy estimate_at(const Reader& r, std::uint64_t at) {
  ExtrapolatedEnergy estimate = r.published.estimate_at(at);
  if (r.gpu_readings) {
    const auto gpu = static_cast<std::size_t>(Domain::gpu);
    estimate[gpu] += r.published_gpus.estimate_at(at)[gpu];
  }
  return estimate;
}

std::uint64_t failed_reads(const Reader& r) {
  return (r.meter ? r.meter->failed_reads() : 0) + (has_gpus(r) ? r.gpus->failed_reads() : 0);
}

/// Global opens: the reading thread takes the first reading, from which every energy counts. In
/// an MPI run only the host's lowest rank reads (the MPI backend tells the core which).
void start_reading(std::uint64_t now) {
  Reader& r = reader();
  if (!process().place.host_reader) return;
  find_gpus(r, process().options.nvml_library);
  if (!r.meter && !has_gpus(r)) return;
  publish_all(r, now);
  r.reading = true;
  on_reading_thread = true;
}

/// Global closes (the helper thread has stopped): the last reading ends the run's energy.
void stop_reading() {
  Reader& r = reader();
  r.global_uj = read_zones(r);
  // The bound of a region's energy grows with the longest interval between two readings.
  std::uint64_t longest_wakes = 1;
  if (r.gpu_readings) {
    r.global_uj[static_cast<std::size_t>(Domain::gpu)] = r.gpu_readings->last();
    longest_wakes = r.gpu_readings->longest_interval_wakes();
  }
  if (r.gpus) r.gpus->close();
  r.environment.sampling_period_ns =
      static_cast<std::uint64_t>(std::chrono::nanoseconds(helper_period).count()) * longest_wakes;
  r.reading = false;
  r.environment.available = true;
  r.environment.reason.clear();
  if (failed_reads(r) > 0)
    warn(std::to_string(failed_reads(r)) +
         " reading(s) of the energy counters failed during the run; their energy came with the next good reading, "
         "if any");
}

void on_region_start(RegionHandle region) {
  Reader& r = reader();
  if (region == r.global) {
    start_reading(this_thread().totals().now);
    return;
  }
  // Other threads pay this test only.
  if (!on_reading_thread) return;
  const std::uint64_t now = this_thread().totals().now;
  if (static_cast<std::size_t>(region) >= r.regions.size()) r.regions.resize(static_cast<std::size_t>(region) + 1);
  RegionEnergy& visits = r.regions[static_cast<std::size_t>(region)];
  // A recursive visit only deepens: the outermost counts, as for the region's times.
  if (visits.depth++ == 0) visits.at_start = estimate_at(r, now);
}

void on_region_stop(RegionHandle region) {
  if (!on_reading_thread) return;
  Reader& r = reader();
  if (region == r.global) {
    stop_reading();
    return;
  }
  if (static_cast<std::size_t>(region) >= r.regions.size()) return;
  RegionEnergy& visits = r.regions[static_cast<std::size_t>(region)];
  if (visits.depth == 0 || --visits.depth > 0) return;
  const ExtrapolatedEnergy at_stop = estimate_at(r, this_thread().totals().now);
  for (std::size_t d = 0; d < domain_count; ++d)
    visits.accumulated[d] += at_stop[d] - visits.at_start[d];
  visits.visited = true;
}

void on_helper_wake(std::uint64_t now) {
  Reader& r = reader();
  if (!r.reading) return;
  if (r.meter) r.published.publish(now, read_zones(r));
  if (!r.gpu_readings) return;
  if (const std::optional<std::uint64_t> total = r.gpu_readings->on_wake(monotonic_ns()))
    r.published_gpus.publish(now, gpu_domain(*total));
}

/// The domains some zone measures: only those are written (zero is a measurement, absent is not).
std::vector<Domain> measured_domains(const Reader& r) {
  std::vector<Domain> domains;
  for (const Zone& zone : r.meter ? r.meter->zones() : std::vector<Zone>{})
    if (std::find(domains.begin(), domains.end(), zone.domain) == domains.end()) domains.push_back(zone.domain);
  if (has_gpus(r)) domains.push_back(Domain::gpu);
  return domains;
}

/// A region's energy in the measured domains: Global's exact, another's estimated (a visit that
/// straddles a reading may come out slightly negative: README.md, the bound; never below zero).
model::RegionEnergy region_energy(const Reader& r, std::size_t handle, const std::vector<Domain>& domains) {
  model::RegionEnergy energy;
  for (const Domain domain : domains) {
    const auto d = static_cast<std::size_t>(domain);
    energy.domains_uj[std::string(domain_name(domain))] =
        static_cast<RegionHandle>(handle) == r.global
            ? r.global_uj[d]
            : static_cast<std::uint64_t>(std::llround(std::max(0.0, r.regions[handle].accumulated[d])));
  }
  return energy;
}

/// Emulated nodes (TALLY_RANKS_PER_NODE) on one host share its sensors: the first reads them.
std::string shared_sensors_sentence(std::uint64_t nodes_on_host) {
  return std::to_string(nodes_on_host) +
         " emulated nodes share each host's sensors: read once per host, by its lowest rank, so the energy is "
         "the host's, counted once";
}

/// A process that does not read its host's sensors reports nothing: the host's reader does.
void on_run_end(ProcessSummary& summary) {
  const RunPlace& place = process().place;
  if (!place.host_reader) return;
  Reader& r = reader();
  if (!r.gpu_problems.empty())
    warn_once(Warning::gpu_energy, "GPU energy counters left out: " + joined(r.gpu_problems));
  if (r.environment.available && place.nodes_on_host > 1)
    r.environment.left_out.push_back(shared_sensors_sentence(place.nodes_on_host));
  summary.energy = r.environment;
  if (!r.environment.available) return;
  const std::vector<Domain> domains = measured_domains(r);
  for (std::size_t handle = 0; handle < summary.regions.size(); ++handle) {
    const bool visited = handle < r.regions.size() && r.regions[handle].visited;
    if (static_cast<RegionHandle>(handle) == r.global || visited)
      summary.regions[handle].energy = region_energy(r, handle, domains);
  }
}

} // namespace

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{.name = "energy",
                             .on_load = on_load,
                             .on_region_start = on_region_start,
                             .on_region_stop = on_region_stop,
                             .on_helper_wake = on_helper_wake,
                             .on_run_end = on_run_end};

} // namespace tally::profiler::energy
