// SPDX-License-Identifier: BSD-3-Clause
// The run document (schema tally.run/8): one run of one program, as C++ types. The format is
// documented by schemas/run.v8.schema.json; reading and writing live in document_io.hpp.
#pragma once

#include "tally/model/ab_study.hpp"
#include "tally/model/batch_job.hpp"
#include "tally/model/metric_values.hpp"
#include "tally/model/region_index.hpp"
#include "tally/model/region_raw.hpp"
#include "tally/model/run_timeline.hpp"
#include "tally/model/scalability.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tally::model {

inline constexpr int run_schema_version = 8;
inline constexpr std::string_view run_schema_prefix = "tally.run/";

struct RunInfo {
  std::string id;                                    ///< unique per run
  std::string experiment;                            ///< e.g. "strong-scaling"
  std::string label;                                 ///< free text naming the configuration or case
  std::string start_time;                            ///< UTC, ISO 8601, e.g. 2026-11-22T00:52:09Z
  std::string end_time;                              ///< UTC, ISO 8601
  std::vector<std::string> command_line;             ///< argv of the measured program
  std::optional<Scaling> scaling;                    ///< how the experiment scales, when the user said so
  RunOutcome outcome = RunOutcome::completed;        ///< documents older than the field all completed
  std::optional<Hang> hang = std::nullopt;           ///< where it hung, when `outcome` is hung
  std::optional<AbStudyRun> ab_study = std::nullopt; ///< absent outside an A/B study
  std::optional<BatchJob> job = std::nullopt;        ///< absent outside a workload manager's job
  bool operator==(const RunInfo&) const = default;
};

/// Where the measured code came from; absent when the run was not made from a repository.
struct SourceInfo {
  std::string commit; ///< full sha
  std::string branch;
  std::optional<std::string> commit_time; ///< UTC, ISO 8601, when known
  bool is_merge_request = false;
  std::optional<std::string> target_branch;  ///< merge-request target, when known
  std::optional<std::string> default_branch; ///< the repository's default branch, when known
  bool operator==(const SourceInfo&) const = default;
};

struct Resources {
  std::uint64_t nodes = 0;
  std::uint64_t ranks = 0;
  std::uint64_t threads_per_rank = 1;
  std::uint64_t gpus = 0; ///< at least gpus_used(regions): documents before it was written said 0
  std::vector<std::string> hosts;
  /// The CPU frequency the run was asked to run at (kHz), as the user's launcher or batch system
  /// was told it; absent when not said. tally never sets a frequency: it records the request.
  std::optional<std::uint64_t> cpu_frequency_khz = std::nullopt;
  bool operator==(const Resources&) const = default;
};

/// The energy sensors of a run: which were read, or why none could be.
struct EnergySensors {
  bool available = false;               ///< energy was measured on every node that could read it
  std::string source = "measured";      ///< "measured" (sensors) or "model" (a declared power profile)
  std::vector<std::string> sensors;     ///< the counters read, e.g. "intel-rapl:0 (package-0)"
  std::vector<std::string> left_out;    ///< one sentence per counter that could not be used
  std::string reason;                   ///< why there is no energy, when not available
  std::uint64_t sampling_period_ns = 0; ///< the longest interval between two readings during the run
  bool operator==(const EnergySensors&) const = default;
};

/// A region's energy: microjoules by domain ("package", "dram", "core", "uncore", "psys"), summed
/// over nodes, and how it was obtained (the sensors' rule: profiler/energy/README.md).
struct RegionEnergy {
  std::string source = "measured"; ///< "measured" or "model", never both in one region
  std::map<std::string, std::uint64_t> domains_uj;
  bool operator==(const RegionEnergy&) const = default;
};

/// What tells whether two runs are comparable.
struct Environment {
  std::string cpu_model;
  std::string mpi_library; ///< e.g. "Open MPI", or "none"
  std::string mpi_version; ///< e.g. "4.1.4", empty without MPI
  std::string compiler;
  bool counters_available = false;
  std::string clock;                                  ///< e.g. "tsc" or "clock_gettime(CLOCK_MONOTONIC)"
  std::optional<EnergySensors> energy = std::nullopt; ///< absent: energy not looked for (older tally, imports)
  bool operator==(const Environment&) const = default;
};

/// Opt-in per-rank detail of one region.
struct RankRecord {
  std::uint64_t rank = 0;
  std::uint64_t node = 0;
  std::uint64_t visits = 0;
  std::uint64_t elapsed_ns = 0;
  std::uint64_t useful_ns = 0;
  std::uint64_t mpi_ns = 0;
  std::optional<std::uint64_t> offload_ns;
  bool operator==(const RankRecord&) const = default;
};

struct Region {
  std::string name;
  std::uint64_t visits = 0; ///< visits summed over processes
  RegionRaw raw; ///< the metrics are computed from it (run_metrics.hpp); the writer stores them for convenience
  std::vector<RankRecord> per_rank; ///< empty unless per-rank detail was asked for
  /// The region it ran inside (region_tree.hpp); absent for Global and in documents that do not
  /// know the nesting (imported ones).
  std::optional<std::string> parent = std::nullopt;
  std::vector<std::string> other_parents{};          ///< where else it started, by decreasing time; usually empty
  std::optional<RegionEnergy> energy = std::nullopt; ///< absent: not measured
  bool operator==(const Region&) const = default;
};

struct RunDocument {
  std::string tally_version;
  RunInfo run;
  std::optional<SourceInfo> source;
  Resources resources;
  Environment environment;
  std::vector<Region> regions;
  std::optional<Timeline> timeline; ///< absent in imported documents and in those older than it
  /// The regions by name, for find_region: built where documents are loaded (load_runs), not
  /// stored in the file; empty in a document built in memory.
  RegionIndex region_index{};
  bool operator==(const RunDocument&) const = default;
};

/// The region of `document` named `name`; nullptr when the run did not have it. Constant time on
/// average in a document whose region_index was built (the site and the gate look up every region
/// of every run: a linear search made them quadratic in the regions, 70,000 regions took hours);
/// a search of every region otherwise, and for a name the index does not hold.
const Region* find_region(const RunDocument& document, std::string_view name);

/// The GPUs a run used, as its regions measured them: the most devices of one region (each
/// physical GPU counted once; Global's, unless a region saw a device Global did not).
inline std::uint64_t gpus_used(const std::vector<Region>& regions) {
  std::uint64_t out = 0;
  for (const Region& region : regions) {
    if (region.raw.device && region.raw.device->devices > out) out = region.raw.device->devices;
  }
  return out;
}

} // namespace tally::model
