// SPDX-License-Identifier: BSD-3-Clause
// Seeded synthetic histories for the gate benchmark: the commit axis every trial shares, and
// realistic histories of one program with Global and 30 regions at four configurations.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::bench {

inline constexpr int commits = 12;           ///< c01..c12; the newest is the candidate, the previous one the baseline
inline constexpr int repetitions = 5;        ///< runs of each commit at each configuration
inline constexpr int realistic_regions = 30; ///< regions besides Global: 6 phases of 4 sub-regions each

/// What one rank did in one region, its sub-regions included: times summed over its threads but
/// the elapsed time, the rank's own.
struct RankRecord {
  std::uint64_t useful_ns = 0;
  std::uint64_t mpi_ns = 0;
  std::uint64_t elapsed_ns = 0;
  model::Counts counts{};
  std::uint64_t omp_load_imbalance_ns = 0;
  std::uint64_t omp_scheduling_ns = 0;
  std::uint64_t omp_serialization_ns = 0;
};

/// Adds what a rank did in `from` to `to` (a region covers its sub-regions).
void add(RankRecord& to, const RankRecord& from);
/// A run of `program` ("solver") by `ranks` ranks on `nodes` nodes at `commit`, without regions.
analysis::ingest::LoadedRun run_header(std::uint64_t ranks, std::uint64_t nodes, int commit, int repetition,
                                       const std::string& program);
/// A region of a run from its ranks' records (model::RegionFold), each rank visiting it `visits`
/// times, the ranks spread evenly over `nodes`, each rank of `threads` OpenMP threads (OpenMP
/// measured when more than one).
model::Region folded_region(const std::string& name, std::optional<std::string> parent, std::uint64_t visits,
                            const std::vector<RankRecord>& ranks, std::uint64_t nodes, std::uint64_t threads = 1);

/// "c07" for commit 7 (1-based).
std::string commit_name(int commit);
/// The commit's time, one day per commit: "2026-01-07T00:00:00Z".
std::string commit_time(int commit);

/// A history of one program and whether its candidate was made slower on purpose.
struct RealisticHistory {
  analysis::ingest::RunSet runs;
  std::string grown_region;    ///< the region whose work grows in the candidate; empty when nothing changed
  bool grown_is_phase = false; ///< the grown region has sub-regions (its own work is a part of its time)
  double grown_cost = 0;       ///< the work the grown region adds, as a share of the program's work
};

/// How long a history is: its commits (the newest is the candidate) and the repetitions of each.
struct HistoryLength {
  int commits = bench::commits;
  int repetitions = bench::repetitions;
};

/// The shape of each run's noise on a region's work: normal (1 + σ·N), lognormal (e^(σ·N)), or
/// heavy-tailed (1 + σ·T₃/√3: Student's t with 3 degrees of freedom, scaled to the same standard
/// deviation, so that one run in a few dozen is 3σ or more off).
enum class NoiseShape { normal, lognormal, heavy_tailed };

/// A configuration the program runs at besides the four of every history (HistoryOptions).
struct RunConfiguration {
  std::uint64_t ranks = 1;
  std::uint64_t nodes = 1;
  std::uint64_t threads = 1;           ///< OpenMP threads per rank
  std::uint64_t cpu_frequency_khz = 0; ///< the CPU frequency the runs asked for; 0: none said (the nominal)
  bool operator==(const RunConfiguration&) const = default;
};

/// The CPU frequency of runs that say none, which a run's compute time is relative to (kHz).
inline constexpr std::uint64_t nominal_frequency_khz = 2'400'000;

/// What a history is made of besides its program.
struct HistoryOptions {
  HistoryLength length;
  NoiseShape noise = NoiseShape::normal;
  /// Phases of the program (each with 4 sub-regions): 6 give Global and 30 regions, 0 Global alone.
  int phases = 6;
  /// Every region has measured energy: 200 W per node (1% per run) over its elapsed time, each
  /// region but Global with 2% attribution noise; the times are the same as without.
  bool measured_energy = false;
  /// The runner's state moves between commits (a commit's runs share one CI job): each commit and
  /// configuration has its own speed (3% standard deviation) and each of its ranks its own
  /// slowdown (3% of a half-normal draw: a core shared with another job), which moves load balance.
  bool drifting_runner = false;
  /// Configurations run at every commit besides the four, drawn from a generator of their own: the
  /// four's runs are those of the same seed without them. With T threads a rank's work is shared by
  /// its threads, each thread beyond the first adding 2% to it, and its threads idle in OpenMP
  /// (load imbalance drawn per region, 1% scheduling, 2% serialization); at frequency f its compute
  /// time is (nominal / f)^0.8 times the nominal's (memory-bound parts slow less); MPI time is not
  /// shared by threads nor slowed.
  std::vector<RunConfiguration> extra_configurations{};
  /// Work each rank repeats, as a share of a region's work on one rank (a replicated setup): a
  /// region's total useful time grows as 1 + share · (ranks − 1) and its computation scalability
  /// depends on the reference it is taken against. 0: the work is split evenly, the history as before.
  double repeated_share = 0;
};

/// The runs of `options.length` commits × repetitions at 1, 2 and 4 ranks on one node and 8 ranks
/// on two (and at `options.extra_configurations`), drawn from `seed`. Each region's noise (1-10% of each rank's useful
/// time), imbalance, MPI time and MPI traffic are drawn once per history; the MPI counts are the same in every run.
/// With `grow`, one region drawn from the seed does 3× its noise level more work in the candidate.
RealisticHistory realistic_history(std::uint64_t seed, bool grow, const HistoryOptions& options = {});

/// What the candidate of an A/B study changes: nothing, one region's work (3× its noise, drawn as
/// in realistic_history), or every region's work by uniform_slowdown.
enum class AbChange { none, grown_region, uniform };
inline constexpr double uniform_slowdown = 0.03;

/// An A/B study (run.ab_study) of the realistic program, baseline commit c01 and candidate c02,
/// `pairs` pairs at each configuration: each pair on its own runner state (the drifting runner's: 3%
/// common speed, each rank 3% of a half-normal draw), each side of a pair 1% faster or slower than
/// that state besides (the runner within a pair), each run its runner noise. With `flat_regions`,
/// the program is Global and that many regions side by side, each an equal part of its work (Global
/// alone for 0, which then is the region that grows).
RealisticHistory realistic_ab_study(std::uint64_t seed, AbChange change, int pairs,
                                    std::optional<int> flat_regions = std::nullopt);

} // namespace tally::bench
