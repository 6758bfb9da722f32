// SPDX-License-Identifier: BSD-3-Clause
// The bulk-synchronous histories (bsp_histories.hpp): a program drawn once per seed, each run
// simulated step by step on every rank.
#include "bsp_histories.hpp"

#include "tally/model/region_counts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace tally::bench {
namespace {

namespace slot = model::count_slot;
using Random = std::mt19937_64;

constexpr double program_work_ns = 8e9;    // useful time of the whole program on one rank
constexpr double global_own_share = 0.03;  // of the work, done in Global outside its regions
constexpr std::uint64_t global_steps = 4;  // Global's own steps (setup and finish)
constexpr double run_noise = 0.005;        // per run, common to every region and rank: the runner's state
constexpr double host_drift = 0.03;        // per commit and configuration, when the runner drifts
constexpr double shared_core_chance = 0.3; // that one rank of a drifting commit and configuration shares its core
constexpr double shared_core_slowdown = 0.15;
constexpr double interruption_chance = 0.02; // per rank and step
constexpr double interruption_mean = 0.5;    // of the step's work
constexpr int calibration_runs = 400;        // runs that measure the grown region's noise

struct Configuration {
  std::uint64_t ranks;
  std::uint64_t nodes;
};
constexpr std::array<Configuration, 4> configurations{{{2, 1}, {4, 1}, {8, 2}, {16, 4}}};

/// One region, drawn once per history.
struct Region {
  std::string name;
  double share = 0;           ///< of the program's work
  std::uint64_t steps = 0;    ///< per run, each ending in a collective
  double jitter = 0;          ///< relative noise of each rank's work at each step
  double own_noise = 0;       ///< relative noise of the region's work per run, common to its ranks
  double imbalance = 0;       ///< the most a rank's work departs from the average, relative
  double collective_cost = 0; ///< of a step's work, per doubling of the ranks
};

Region draw_region(std::string name, double share, Random& random) {
  std::uniform_int_distribution<std::uint64_t> steps(4, 24);
  std::uniform_real_distribution<double> jitter(0.02, 0.20), own_noise(0.003, 0.03), imbalance(0.0, 0.2),
      collective_cost(0.002, 0.02);
  return Region{std::move(name),        share, steps(random), jitter(random), own_noise(random), imbalance(random),
                collective_cost(random)};
}

/// Global first, then the regions, their sizes lognormal (a few large, many small).
std::vector<Region> draw_program(int regions, Random& random) {
  std::lognormal_distribution<double> size(0.0, 1.0);
  std::vector<double> sizes(static_cast<std::size_t>(regions));
  for (double& s : sizes)
    s = size(random);
  const double total = std::accumulate(sizes.begin(), sizes.end(), 0.0);
  std::vector<Region> program{draw_region("Global", regions == 0 ? 1.0 : global_own_share, random)};
  program.front().steps = global_steps;
  for (std::size_t r = 0; r < sizes.size(); ++r)
    program.push_back(draw_region("kernel" + std::to_string(r + 1), (1 - global_own_share) * sizes[r] / total, random));
  return program;
}

/// Each rank's work relative to the average, its largest departure `imbalance`.
std::vector<double> imbalance_pattern(double imbalance, std::uint64_t ranks, Random& random) {
  std::uniform_real_distribution<double> spread(-1.0, 1.0);
  std::vector<double> out(ranks);
  for (double& x : out)
    x = spread(random);
  const double mean = std::accumulate(out.begin(), out.end(), 0.0) / static_cast<double>(ranks);
  double largest = 0;
  for (double& x : out)
    largest = std::max(largest, std::abs(x -= mean));
  for (double& x : out)
    x = 1.0 + (largest > 0 ? imbalance * x / largest : 0.0);
  return out;
}

/// Each rank's speed for one commit at one configuration: all ones on a steady runner.
std::vector<double> host_speeds(std::uint64_t ranks, bool drifting, Random& random) {
  std::vector<double> out(ranks, 1.0);
  if (!drifting) return out;
  const double host = 1.0 + host_drift * std::normal_distribution<double>(0.0, 1.0)(random);
  for (double& rank : out)
    rank = host;
  if (std::bernoulli_distribution(shared_core_chance)(random)) {
    const auto shared = std::uniform_int_distribution<std::uint64_t>(0, ranks - 1)(random);
    out[shared] *= 1.0 + std::uniform_real_distribution<double>(0.0, shared_core_slowdown)(random);
  }
  return out;
}

/// One rank's work in one step of `work` on average, with its noise.
double step_time(double work, double jitter, StepNoise noise, Random& random) {
  const double draw = std::normal_distribution<double>(0.0, 1.0)(random);
  const double jittered = noise == StepNoise::lognormal ? work * std::exp(jitter * draw) : work * (1.0 + jitter * draw);
  if (noise != StepNoise::interruptions || !std::bernoulli_distribution(interruption_chance)(random))
    return std::max(0.0, jittered);
  return std::max(0.0, jittered) + std::exponential_distribution<double>(1.0 / (interruption_mean * work))(random);
}

/// What every rank of one region did in one run: each step's work, then the collective that
/// waits for the slowest rank. `factor` scales the region's work (the runner, the growth).
std::vector<RankRecord> run_region(const Region& region, const Configuration& configuration,
                                   const std::vector<double>& pattern, const std::vector<double>& speeds, double factor,
                                   StepNoise noise, Random& random) {
  const std::uint64_t ranks = configuration.ranks;
  const double own = 1.0 + region.own_noise * std::normal_distribution<double>(0.0, 1.0)(random);
  const double step_work = region.share * program_work_ns / static_cast<double>(ranks * region.steps) * factor * own;
  const double collective = step_work * region.collective_cost * std::log2(static_cast<double>(ranks));
  std::vector<double> useful(ranks, 0.0);
  double elapsed = 0;
  for (std::uint64_t step = 0; step < region.steps; ++step) {
    double slowest = 0;
    for (std::uint64_t rank = 0; rank < ranks; ++rank) {
      const double t = step_time(step_work * pattern[rank] * speeds[rank], region.jitter, noise, random);
      useful[rank] += t;
      slowest = std::max(slowest, t);
    }
    elapsed += slowest + collective;
  }
  model::Counts counts{};
  const auto collective_kind =
      static_cast<std::size_t>(std::find(model::mpi_call_kinds.begin(), model::mpi_call_kinds.end(), "collective") -
                               model::mpi_call_kinds.begin());
  counts[slot::mpi_calls_by_kind + collective_kind] = counts[slot::mpi_calls] = region.steps;
  counts[slot::mpi_collective_bytes] = 8 * region.steps;
  std::vector<RankRecord> out(ranks);
  for (std::uint64_t rank = 0; rank < ranks; ++rank) {
    const auto elapsed_ns = static_cast<std::uint64_t>(std::llround(elapsed));
    const auto useful_ns = std::min(elapsed_ns, static_cast<std::uint64_t>(std::llround(useful[rank])));
    out[rank] = {.useful_ns = useful_ns, .mpi_ns = elapsed_ns - useful_ns, .elapsed_ns = elapsed_ns, .counts = counts};
  }
  return out;
}

/// The relative standard deviation of `region`'s time at `configuration` on a steady runner.
double time_noise(const Region& region, const Configuration& configuration, const std::vector<double>& pattern,
                  StepNoise noise, Random& random) {
  const std::vector<double> speeds(configuration.ranks, 1.0);
  std::vector<double> times;
  for (int run = 0; run < calibration_runs; ++run) {
    const double runner = 1.0 + run_noise * std::normal_distribution<double>(0.0, 1.0)(random);
    times.push_back(static_cast<double>(
        run_region(region, configuration, pattern, speeds, runner, noise, random).front().elapsed_ns));
  }
  const double mean = std::accumulate(times.begin(), times.end(), 0.0) / calibration_runs;
  double squares = 0;
  for (const double t : times)
    squares += (t - mean) * (t - mean);
  return std::sqrt(squares / (calibration_runs - 1)) / mean;
}

} // namespace

RealisticHistory bsp_history(std::uint64_t seed, bool grow, const BspOptions& options) {
  Random random(seed);
  Random calibration(~seed);
  const std::vector<Region> program = draw_program(options.regions, random);
  std::vector<std::vector<std::vector<double>>> patterns; // by configuration, region, rank
  for (const Configuration& configuration : configurations) {
    auto& by_region = patterns.emplace_back();
    for (const Region& region : program)
      by_region.push_back(imbalance_pattern(region.imbalance, configuration.ranks, random));
  }
  RealisticHistory out;
  std::size_t grown = program.size();
  std::array<double, configurations.size()> growth{};
  growth.fill(1.0);
  if (grow) {
    grown = program.size() == 1 ? 0 : std::uniform_int_distribution<std::size_t>(1, program.size() - 1)(random);
    out.grown_region = program[grown].name;
    for (std::size_t c = 0; c < configurations.size(); ++c) {
      const double noise =
          time_noise(program[grown], configurations[c], patterns[c][grown], options.noise, calibration);
      growth[c] = 1.0 + 3.0 * noise;
      out.grown_cost += 3.0 * noise * program[grown].share / static_cast<double>(configurations.size());
    }
  }
  const HistoryLength& length = options.length;
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int commit = 1; commit <= length.commits; ++commit) {
    const bool candidate = commit == length.commits;
    for (std::size_t c = 0; c < configurations.size(); ++c) {
      const Configuration& configuration = configurations[c];
      const std::vector<double> speeds = host_speeds(configuration.ranks, options.drifting_runner, random);
      for (int repetition = 0; repetition < length.repetitions; ++repetition) {
        const double runner = 1.0 + run_noise * normal(random);
        std::vector<std::vector<RankRecord>> records;
        for (std::size_t r = 0; r < program.size(); ++r) {
          const double factor = runner * (candidate && r == grown ? growth[c] : 1.0);
          records.push_back(
              run_region(program[r], configuration, patterns[c][r], speeds, factor, options.noise, random));
        }
        for (std::size_t r = 1; r < program.size(); ++r) {
          for (std::uint64_t rank = 0; rank < configuration.ranks; ++rank)
            add(records[0][rank], records[r][rank]);
        }
        analysis::ingest::LoadedRun run =
            run_header(configuration.ranks, configuration.nodes, commit, repetition, "bsp");
        for (std::size_t r = 0; r < program.size(); ++r)
          run.document.regions.push_back(folded_region(program[r].name,
                                                       r == 0 ? std::nullopt : std::optional<std::string>("Global"), 1,
                                                       records[r], configuration.nodes));
        out.runs.runs.push_back(std::move(run));
      }
    }
  }
  return out;
}

} // namespace tally::bench
