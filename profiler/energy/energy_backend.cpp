// SPDX-License-Identifier: BSD-3-Clause
// The energy backend: finds the node's powercap counters at load, reads them at the start and end
// of the run and at every wake-up of the helper thread, and gives each region the node's energy
// while it was open on the thread that started the run (README.md: the rule and its bound).
#include "energy/energy_meter.hpp"
#include "energy/powercap.hpp"
#include "energy/published_reading.hpp"

#include "core/backend.hpp"
#include "core/helper_thread.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"

#include <algorithm>
#include <cmath>
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
  std::optional<EnergyMeter> meter;
  bool reading = false; ///< this process reads its node's counters during the run
  PublishedReading published;
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

void on_load() {
  Reader& r = reader();
  r.global = process().global;
  const std::filesystem::path root = process().options.powercap_root;
  r.environment.reason = "the run has not read them";
  std::error_code error;
  // No powercap folder at all is a machine without the sensors, not a problem worth a warning. It
  // is checked before the scan, which would word the error with strerror: a translated message
  // that can deadlock the program at exit under AddressSanitizer (README, "LAMMPS at exit").
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
  activate_backend(backend);
}

/// Global opens: the reading thread takes the first reading, from which every energy counts. In
/// an MPI run only the host's lowest rank reads (the MPI backend tells the core which).
void start_reading(std::uint64_t now) {
  Reader& r = reader();
  if (!process().place.host_reader) return;
  r.meter->read();
  r.published.publish(now, r.meter->totals_uj());
  r.environment.sampling_period_ns = std::chrono::nanoseconds(helper_period).count();
  r.reading = true;
  on_reading_thread = true;
}

/// Global closes (the helper thread has stopped): the last reading ends the run's energy.
void stop_reading() {
  Reader& r = reader();
  r.meter->read();
  r.global_uj = r.meter->totals_uj();
  r.reading = false;
  r.environment.available = true;
  r.environment.reason.clear();
  if (r.meter->failed_reads() > 0)
    warn(std::to_string(r.meter->failed_reads()) +
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
  if (visits.depth++ == 0) visits.at_start = r.published.estimate_at(now);
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
  const ExtrapolatedEnergy at_stop = r.published.estimate_at(this_thread().totals().now);
  for (std::size_t d = 0; d < domain_count; ++d)
    visits.accumulated[d] += at_stop[d] - visits.at_start[d];
  visits.visited = true;
}

void on_helper_wake(std::uint64_t now) {
  Reader& r = reader();
  if (!r.reading) return;
  r.meter->read();
  r.published.publish(now, r.meter->totals_uj());
}

/// The domains some zone measures: only those are written (zero is a measurement, absent is not).
std::vector<Domain> measured_domains(const EnergyMeter& meter) {
  std::vector<Domain> domains;
  for (const Zone& zone : meter.zones())
    if (std::find(domains.begin(), domains.end(), zone.domain) == domains.end()) domains.push_back(zone.domain);
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
  if (r.meter && place.nodes_on_host > 1)
    r.environment.left_out.push_back(shared_sensors_sentence(place.nodes_on_host));
  summary.energy = r.environment;
  if (!r.environment.available) return;
  const std::vector<Domain> domains = measured_domains(*r.meter);
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
