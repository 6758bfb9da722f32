// SPDX-License-Identifier: BSD-3-Clause
// The realistic histories (gate_histories.hpp): a program drawn once per seed; each run is built
// bottom-up per rank (sub-regions, then phases, then Global) and folded by model::RegionFold.
#include "gate_histories.hpp"

#include "tally/model/region_fold.hpp"
#include "tally/model/resource_label.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace tally::bench {
namespace {

namespace slot = model::count_slot;
using Random = std::mt19937_64;

constexpr double global_work_ns = 1e10;    // useful time of the whole program on one rank
constexpr std::uint64_t steps = 20;        // visits of every phase and sub-region per rank
constexpr double runner_noise = 0.005;     // per run, common to every region and rank: the runner's state
constexpr double runner_drift = 0.03;      // per commit and configuration, when the runner drifts (HistoryOptions)
constexpr double rank_drift = 0.03;        // per commit, configuration and rank, half-normal
constexpr double within_pair_drift = 0.01; // per side of an A/B pair, common to its regions and ranks
// Phases of very different sizes (shares of Global's work); Global itself does the remaining 3%.
constexpr std::array<double, 6> phase_shares{0.28, 0.21, 0.16, 0.12, 0.10, 0.10};
constexpr std::array<std::string_view, 6> phase_names{"solve", "assemble", "advect", "exchange", "diagnose", "output"};
// Measured energy, when asked for: each node draws this power, the same in every region, varied
// per run by the runner's power state; a region's energy (not Global's, the counters' exact
// difference) is attributed from readings, hence noise of its own (profiler/energy/README.md).
constexpr double node_watts = 200;
constexpr double power_noise = 0.01;
constexpr double attribution_noise = 0.02;
// A phase does 40% of its work itself and the rest in its sub-regions, split by these weights
// (rotated per phase): the smallest sub-region still has ~1% of Global's time.
constexpr double phase_own_share = 0.4;
constexpr std::array<double, 4> sub_weights{0.30, 0.27, 0.23, 0.20};

constexpr std::array<RunConfiguration, 4> configurations{{{1, 1}, {2, 1}, {4, 1}, {8, 2}}};
// A rank's threads (HistoryOptions::extra_configurations): each thread beyond the first adds this
// share to the rank's useful work (work a thread repeats), and its threads idle in scheduling and
// serialization these shares of it, in load imbalance a share drawn per region in this range.
constexpr double thread_overhead = 0.02;
constexpr double omp_scheduling = 0.01;
constexpr double omp_serialization = 0.02;
constexpr double omp_imbalance_low = 0.02, omp_imbalance_high = 0.10;
// A run at a lower CPU frequency computes (nominal / f)^this slower: memory-bound parts slow less.
constexpr double frequency_exponent = 0.8;

/// One region of the program, drawn once per history.
struct RegionSpec {
  std::string name;
  std::optional<std::size_t> parent; ///< index in the program; none for Global
  double share = 0;                  ///< of Global's work, done in the region outside its sub-regions
  double noise = 0;                  ///< relative run-to-run noise of each rank's useful time
  double imbalance = 0;              ///< the most a rank's work departs from the average, relative
  double mpi_share = 0;              ///< MPI time at the region's end, relative to its work per rank
  bool collective = false;           ///< ends in a collective, so every rank leaves together
  std::uint64_t messages = 0;        ///< halo messages to each neighbour per visit when not collective
  std::uint64_t payload_bytes = 0;   ///< of each message, or handed to each collective
  std::uint64_t visits = steps;      ///< per rank
};

std::uint64_t nanoseconds(double value) { return static_cast<std::uint64_t>(std::llround(std::max(0.0, value))); }

constexpr std::size_t kind_slot(std::string_view kind) {
  const auto* found = std::find(model::mpi_call_kinds.begin(), model::mpi_call_kinds.end(), kind);
  return slot::mpi_calls_by_kind + static_cast<std::size_t>(found - model::mpi_call_kinds.begin());
}

/// One region drawn from `random`: its noise, imbalance, MPI time and traffic. A braced list
/// evaluates left to right, so the draws do not depend on the compiler.
RegionSpec draw_region(std::string name, std::optional<std::size_t> parent, double share, Random& random) {
  std::uniform_real_distribution<double> noise(0.01, 0.10), imbalance(0.0, 0.15), mpi_share(0.01, 0.05);
  std::uniform_int_distribution<std::uint64_t> messages(1, 3), payload_power(3, 16);
  std::bernoulli_distribution collective(0.5);
  return RegionSpec{std::move(name),
                    parent,
                    share,
                    noise(random),
                    imbalance(random),
                    mpi_share(random),
                    collective(random),
                    messages(random),
                    std::uint64_t{1} << payload_power(random)};
}

/// Global, its end a collective (MPI_Finalize waits for every rank), visited once.
RegionSpec draw_global(double share, Random& random) {
  RegionSpec global = draw_region("Global", std::nullopt, share, random);
  global.collective = true;
  global.visits = 1;
  return global;
}

/// Regions in pre-order (Global, then each phase followed by its sub-regions), so that walking
/// backwards meets every child before its parent. `phases` beyond the six named ones cycle their
/// names and shares, the shares scaled so that Global still does 3% itself.
std::vector<RegionSpec> draw_program(int phases_count, Random& random) {
  const auto count = static_cast<std::size_t>(phases_count);
  double phases = 0, cycled = 0;
  for (const double share : phase_shares)
    phases += share;
  for (std::size_t p = 0; p < count; ++p)
    cycled += phase_shares[p % phase_shares.size()];
  std::vector<RegionSpec> program{draw_global(count == 0 ? 1.0 : 1.0 - phases, random)};
  for (std::size_t p = 0; p < count; ++p) {
    const std::size_t phase = program.size();
    const std::string name =
        std::string(phase_names[p % phase_names.size()]) + (p < phase_names.size() ? "" : std::to_string(p));
    const double phase_share = phase_shares[p % phase_shares.size()] * phases / cycled;
    program.push_back(draw_region(name, 0, phase_share * phase_own_share, random));
    for (std::size_t k = 0; k < sub_weights.size(); ++k) {
      const double share = phase_share * (1 - phase_own_share) * sub_weights[(k + p) % sub_weights.size()];
      program.push_back(draw_region(name + "_" + std::to_string(k + 1), phase, share, random));
    }
  }
  return program;
}

/// Global and `regions` regions side by side under it, each an equal part of the 97% of the work
/// Global does not do itself (Global alone for none).
std::vector<RegionSpec> draw_flat_program(int regions, Random& random) {
  const auto count = static_cast<std::size_t>(regions);
  const double own = count == 0 ? 1.0 : 1.0 - std::accumulate(phase_shares.begin(), phase_shares.end(), 0.0);
  std::vector<RegionSpec> program{draw_global(own, random)};
  for (std::size_t r = 0; r < count; ++r)
    program.push_back(draw_region(std::string(phase_names[r % phase_names.size()]) + std::to_string(r + 1), 0,
                                  (1.0 - own) / static_cast<double>(count), random));
  return program;
}

/// Each rank's work in a region relative to the average: a fixed pattern of average 1 whose
/// largest departure is `imbalance` (all ones on one rank).
std::vector<double> imbalance_pattern(double imbalance, std::uint64_t ranks, Random& random) {
  std::uniform_real_distribution<double> spread(-1.0, 1.0);
  std::vector<double> out(ranks);
  double mean = 0;
  for (double& x : out) {
    x = spread(random);
    mean += x / static_cast<double>(ranks);
  }
  double largest = 0;
  for (double& x : out) {
    x -= mean;
    largest = std::max(largest, std::abs(x));
  }
  for (double& x : out)
    x = 1.0 + (largest > 0 ? imbalance * x / largest : 0.0);
  return out;
}

/// The MPI calls a rank makes in the region itself: one collective per visit, or a halo exchange
/// (an Isend and an Irecv per message, one Waitall) with each neighbour of a 1-D decomposition;
/// Global also duplicates and frees a communicator. The same in every run: a deterministic program.
model::Counts own_counts(const RegionSpec& region, std::uint64_t neighbours, bool global) {
  model::Counts counts{};
  if (region.collective) {
    counts[kind_slot("collective")] = region.visits;
    counts[slot::mpi_collective_bytes] = region.visits * region.payload_bytes;
  } else if (neighbours > 0) {
    const std::uint64_t messages = region.visits * region.messages * neighbours;
    counts[kind_slot("nonblocking_point_to_point")] = 2 * messages;
    counts[kind_slot("wait_test")] = region.visits;
    counts[slot::mpi_bytes_sent] = counts[slot::mpi_bytes_received] = messages * region.payload_bytes;
  }
  if (global) counts[kind_slot("communicator")] = 2;
  for (std::size_t kind = 0; kind < model::mpi_call_kinds.size(); ++kind)
    counts[slot::mpi_calls] += counts[slot::mpi_calls_by_kind + kind];
  return counts;
}

/// Measured energy for every region of `run`: the nodes' power over the region's elapsed time, in
/// microjoules split 80% package and 20% dram. Its own generator, so that the times are those of a
/// history without energy.
void add_measured_energy(model::RunDocument& run, Random& random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const double watts = static_cast<double>(run.resources.nodes) * node_watts * (1.0 + power_noise * normal(random));
  for (model::Region& region : run.regions) {
    const double attributed = region.name == "Global" ? 1.0 : 1.0 + attribution_noise * normal(random);
    const double microjoules = watts * static_cast<double>(region.raw.elapsed_ns) * 1e-3 * attributed;
    const auto part = [&](double share) { return static_cast<std::uint64_t>(std::llround(share * microjoules)); };
    region.energy = model::RegionEnergy{"measured", {{"package", part(0.8)}, {"dram", part(0.2)}}};
  }
}

/// Each rank's speed factor for one commit at one configuration: all ones on a steady runner.
std::vector<double> runner_state(std::uint64_t ranks, bool drifting, Random& random) {
  std::vector<double> out(ranks, 1.0);
  if (!drifting) return out;
  std::normal_distribution<double> normal(0.0, 1.0);
  const double common = 1.0 + runner_drift * normal(random);
  for (double& rank : out)
    rank = common * (1.0 + rank_drift * std::abs(normal(random)));
  return out;
}

/// One draw of a run's noise of relative size `noise` on a region's work, in `shape`.
double noise_factor(double noise, NoiseShape shape, Random& random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  switch (shape) {
  case NoiseShape::lognormal: return std::exp(noise * normal(random));
  case NoiseShape::heavy_tailed: return 1.0 + noise * std::student_t_distribution<double>(3.0)(random) / std::sqrt(3.0);
  case NoiseShape::normal: break;
  }
  return 1.0 + noise * normal(random);
}

/// How much slower a run at `configuration`'s CPU frequency computes than at the nominal one.
double frequency_slowdown(const RunConfiguration& configuration) {
  if (configuration.cpu_frequency_khz == 0) return 1.0;
  return std::pow(static_cast<double>(nominal_frequency_khz) / static_cast<double>(configuration.cpu_frequency_khz),
                  frequency_exponent);
}

/// One run. A region's rank records start as the sums of its sub-regions' and get its own work
/// and MPI time added, so every parent covers its children; a collective at the end makes every
/// rank wait for the last one. `grown` does 3× its noise more work (the candidate of a scenario);
/// `rank_speeds` is the runner's state for the commit (runner_state); each rank does
/// `repeated_share` of the region's one-rank work besides its part. With threads, `omp_imbalances`
/// is each region's share of its work its threads idle in load imbalance, and each rank's times but
/// its elapsed time are summed over its threads: the threads share the work and wait together in MPI.
analysis::ingest::LoadedRun make_run(const std::vector<RegionSpec>& program, const RunConfiguration& configuration,
                                     const std::vector<std::vector<double>>& patterns,
                                     const std::vector<double>& rank_speeds, int commit, int repetition,
                                     std::optional<std::size_t> grown, NoiseShape shape, Random& random, Random* energy,
                                     const std::vector<double>& omp_imbalances = {}, double repeated_share = 0) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const std::uint64_t ranks = configuration.ranks;
  const std::uint64_t threads = configuration.threads;
  const double runner = 1.0 + runner_noise * normal(random);
  const double slowdown = frequency_slowdown(configuration);
  std::vector<std::vector<RankRecord>> records(program.size(), std::vector<RankRecord>(ranks));
  for (std::size_t r = program.size(); r-- > 0;) {
    const RegionSpec& region = program[r];
    // Without work repeated, the expression of the histories before it, to the last bit.
    const double work_ns = repeated_share > 0 ? region.share * global_work_ns *
                                                    (1.0 / static_cast<double>(ranks) + repeated_share) * runner
                                              : region.share * global_work_ns / static_cast<double>(ranks) * runner;
    const double growth = grown == r ? 1.0 + 3.0 * region.noise : 1.0;
    for (std::uint64_t rank = 0; rank < ranks; ++rank) {
      RankRecord& record = records[r][rank];
      const std::uint64_t neighbours = (rank > 0 ? 1 : 0) + (rank + 1 < ranks ? 1 : 0);
      const double work = work_ns * patterns[r][rank] * rank_speeds[rank] * growth *
                          noise_factor(region.noise, shape, random) * slowdown;
      if (threads == 1) {
        const std::uint64_t useful = nanoseconds(work);
        add(record, {.useful_ns = useful, .elapsed_ns = useful, .counts = own_counts(region, neighbours, r == 0)});
      } else {
        const double useful = work * (1.0 + thread_overhead * static_cast<double>(threads - 1));
        const double imbalance = useful * omp_imbalances[r] * noise_factor(region.noise, shape, random);
        const RankRecord own{
            .useful_ns = nanoseconds(useful),
            .elapsed_ns = nanoseconds((useful * (1.0 + omp_scheduling + omp_serialization) + std::max(0.0, imbalance)) /
                                      static_cast<double>(threads)),
            .counts = own_counts(region, neighbours, r == 0),
            .omp_load_imbalance_ns = nanoseconds(imbalance),
            .omp_scheduling_ns = nanoseconds(useful * omp_scheduling),
            .omp_serialization_ns = nanoseconds(useful * omp_serialization)};
        add(record, own);
      }
      if (!region.collective) {
        const double halo = static_cast<double>(neighbours) / 2.0;
        const std::uint64_t wait =
            nanoseconds(work_ns * region.mpi_share * halo * noise_factor(region.noise, shape, random));
        record.mpi_ns += wait * threads;
        record.elapsed_ns += wait;
      }
    }
    if (region.collective) {
      const std::uint64_t cost = nanoseconds(work_ns * region.mpi_share * noise_factor(region.noise, shape, random));
      std::uint64_t leave = 0;
      for (const RankRecord& record : records[r])
        leave = std::max(leave, record.elapsed_ns + cost);
      for (RankRecord& record : records[r]) {
        record.mpi_ns += (leave - record.elapsed_ns) * threads;
        record.elapsed_ns = leave;
      }
    }
    if (region.parent) {
      for (std::uint64_t rank = 0; rank < ranks; ++rank)
        add(records[*region.parent][rank], records[r][rank]);
    }
  }
  analysis::ingest::LoadedRun run = run_header(ranks, configuration.nodes, commit, repetition, "solver");
  if (threads > 1 || configuration.cpu_frequency_khz > 0) {
    model::RunDocument& document = run.document;
    document.resources.threads_per_rank = threads;
    if (configuration.cpu_frequency_khz > 0) document.resources.cpu_frequency_khz = configuration.cpu_frequency_khz;
    document.run.label = model::resource_label(document.resources);
    // One id per run: the four configurations' ids stay those of histories without these.
    document.run.id +=
        "-t" + std::to_string(threads) +
        (configuration.cpu_frequency_khz > 0 ? "-f" + std::to_string(configuration.cpu_frequency_khz) : "");
    run.file = document.run.id + ".json";
  }
  for (std::size_t r = 0; r < program.size(); ++r) {
    const auto& parent = program[r].parent;
    run.document.regions.push_back(folded_region(program[r].name,
                                                 parent ? std::optional(program[*parent].name) : std::nullopt,
                                                 program[r].visits, records[r], configuration.nodes, threads));
  }
  if (energy) add_measured_energy(run.document, *energy);
  return run;
}

/// The runs at `options.extra_configurations`, after the four's, from a generator of their own:
/// each region's share of its work its threads idle in load imbalance, each configuration's
/// imbalance patterns, then each commit's runner state and runs.
void add_extra_configurations(analysis::ingest::RunSet& runs, const std::vector<RegionSpec>& program,
                              std::optional<std::size_t> grown, std::uint64_t seed, const HistoryOptions& options,
                              Random* energy) {
  Random random(seed ^ 0xe7a5c0f1ULL);
  std::uniform_real_distribution<double> omp_imbalance(omp_imbalance_low, omp_imbalance_high);
  std::vector<double> omp_imbalances;
  for (std::size_t r = 0; r < program.size(); ++r)
    omp_imbalances.push_back(omp_imbalance(random));
  std::vector<std::vector<std::vector<double>>> patterns; // by configuration, region, rank
  for (const RunConfiguration& configuration : options.extra_configurations) {
    auto& by_region = patterns.emplace_back();
    for (const RegionSpec& region : program)
      by_region.push_back(imbalance_pattern(region.imbalance, configuration.ranks, random));
  }
  const HistoryLength& length = options.length;
  for (int commit = 1; commit <= length.commits; ++commit) {
    for (std::size_t c = 0; c < options.extra_configurations.size(); ++c) {
      const RunConfiguration& configuration = options.extra_configurations[c];
      const std::vector<double> rank_speeds = runner_state(configuration.ranks, options.drifting_runner, random);
      for (int repetition = 0; repetition < length.repetitions; ++repetition)
        runs.runs.push_back(make_run(program, configuration, patterns[c], rank_speeds, commit, repetition,
                                     commit == length.commits ? grown : std::nullopt, options.noise, random, energy,
                                     omp_imbalances, options.repeated_share));
    }
  }
}

} // namespace

analysis::ingest::LoadedRun run_header(std::uint64_t ranks, std::uint64_t nodes, int commit, int repetition,
                                       const std::string& program) {
  analysis::ingest::LoadedRun run;
  model::RunDocument& d = run.document;
  const std::string name = commit_name(commit);
  d.tally_version = "bench";
  d.run.id = program + "-" + name + "-r" + std::to_string(ranks) + "-" + std::to_string(repetition);
  d.run.experiment = program;
  d.run.start_time = d.run.end_time = commit_time(commit);
  d.run.command_line = {"./" + program};
  d.run.scaling = model::Scaling::strong;
  d.source = model::SourceInfo{name, "main", commit_time(commit), false, std::nullopt, std::nullopt};
  d.resources = {nodes, ranks, 1, 0, {}};
  for (std::uint64_t node = 0; node < nodes; ++node)
    d.resources.hosts.push_back("node" + std::to_string(node));
  d.run.label = model::resource_label(d.resources);
  d.environment = {"synthetic", "Open MPI", "4.1.4", "gcc", false, "tsc"};
  run.file = d.run.id + ".json";
  return run;
}

void add(RankRecord& to, const RankRecord& from) {
  to.useful_ns += from.useful_ns;
  to.mpi_ns += from.mpi_ns;
  to.elapsed_ns += from.elapsed_ns;
  to.omp_load_imbalance_ns += from.omp_load_imbalance_ns;
  to.omp_scheduling_ns += from.omp_scheduling_ns;
  to.omp_serialization_ns += from.omp_serialization_ns;
  for (std::size_t i = 0; i < to.counts.size(); ++i)
    to.counts[i] += from.counts[i];
}

model::Region folded_region(const std::string& name, std::optional<std::string> parent, std::uint64_t visits,
                            const std::vector<RankRecord>& ranks, std::uint64_t nodes, std::uint64_t threads) {
  model::RegionFold fold;
  for (std::size_t rank = 0; rank < ranks.size(); ++rank) {
    const RankRecord& record = ranks[rank];
    fold.add({.visits = visits,
              .threads = threads,
              .elapsed_ns = record.elapsed_ns,
              .useful_ns = record.useful_ns,
              .mpi_ns = record.mpi_ns,
              .omp_load_imbalance_ns = record.omp_load_imbalance_ns,
              .omp_scheduling_ns = record.omp_scheduling_ns,
              .omp_serialization_ns = record.omp_serialization_ns,
              .node = rank * nodes / ranks.size(),
              .counts = record.counts});
  }
  return {.name = name,
          .visits = visits * ranks.size(),
          .raw = fold.finish({.openmp = threads > 1, .mpi = true}),
          .per_rank = {},
          .parent = std::move(parent)};
}

std::string commit_name(int commit) {
  char name[16];
  std::snprintf(name, sizeof name, "c%02d", commit);
  return name;
}

std::string commit_time(int commit) {
  char time[32];
  std::snprintf(time, sizeof time, "2026-01-%02dT00:00:00Z", commit);
  return time;
}

RealisticHistory realistic_history(std::uint64_t seed, bool grow, const HistoryOptions& options) {
  Random random(seed);
  Random energy(~seed);
  const std::vector<RegionSpec> program = draw_program(options.phases, random);
  RealisticHistory out;
  std::optional<std::size_t> grown;
  if (grow) {
    // Any region but Global; Global itself when it is the whole program.
    grown = program.size() == 1 ? 0 : std::uniform_int_distribution<std::size_t>(1, program.size() - 1)(random);
    out.grown_region = program[*grown].name;
    out.grown_is_phase = program[*grown].parent == std::size_t{0};
    out.grown_cost = 3.0 * program[*grown].noise * program[*grown].share;
  }
  std::vector<std::vector<std::vector<double>>> patterns; // by configuration, region, rank
  for (const RunConfiguration& configuration : configurations) {
    auto& by_region = patterns.emplace_back();
    for (const RegionSpec& region : program)
      by_region.push_back(imbalance_pattern(region.imbalance, configuration.ranks, random));
  }
  const HistoryLength& length = options.length;
  for (int commit = 1; commit <= length.commits; ++commit) {
    for (std::size_t c = 0; c < configurations.size(); ++c) {
      const std::vector<double> rank_speeds = runner_state(configurations[c].ranks, options.drifting_runner, random);
      for (int repetition = 0; repetition < length.repetitions; ++repetition)
        out.runs.runs.push_back(make_run(program, configurations[c], patterns[c], rank_speeds, commit, repetition,
                                         commit == length.commits ? grown : std::nullopt, options.noise, random,
                                         options.measured_energy ? &energy : nullptr, {}, options.repeated_share));
    }
  }
  if (!options.extra_configurations.empty())
    add_extra_configurations(out.runs, program, grown, seed, options, options.measured_energy ? &energy : nullptr);
  return out;
}

RealisticHistory realistic_ab_study(std::uint64_t seed, AbChange change, int pairs, std::optional<int> flat_regions) {
  Random random(seed);
  const std::vector<RegionSpec> program =
      flat_regions ? draw_flat_program(*flat_regions, random) : draw_program(6, random);
  RealisticHistory out;
  std::optional<std::size_t> grown;
  if (change == AbChange::grown_region) {
    // Any region but Global; Global itself when it is the whole program.
    grown = program.size() == 1 ? 0 : std::uniform_int_distribution<std::size_t>(1, program.size() - 1)(random);
    out.grown_region = program[*grown].name;
    out.grown_is_phase = program[*grown].parent == std::size_t{0};
  }
  std::normal_distribution<double> normal(0.0, 1.0);
  for (std::size_t c = 0; c < configurations.size(); ++c) {
    std::vector<std::vector<double>> patterns;
    for (const RegionSpec& region : program)
      patterns.push_back(imbalance_pattern(region.imbalance, configurations[c].ranks, random));
    for (int pair = 1; pair <= pairs; ++pair) {
      const std::vector<double> state = runner_state(configurations[c].ranks, true, random);
      for (const model::AbSide side : {model::AbSide::baseline, model::AbSide::candidate}) {
        const bool candidate = side == model::AbSide::candidate;
        std::vector<double> speeds = state;
        const double within = 1.0 + within_pair_drift * normal(random);
        for (double& speed : speeds)
          speed *= within * (candidate && change == AbChange::uniform ? 1.0 + uniform_slowdown : 1.0);
        analysis::ingest::LoadedRun run =
            make_run(program, configurations[c], patterns, speeds, candidate ? 2 : 1, pair,
                     candidate ? grown : std::nullopt, NoiseShape::normal, random, nullptr);
        run.document.run.ab_study = model::AbStudyRun{"bench", side, static_cast<std::uint64_t>(pair)};
        out.runs.runs.push_back(std::move(run));
      }
    }
  }
  return out;
}

} // namespace tally::bench
