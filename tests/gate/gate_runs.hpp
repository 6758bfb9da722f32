// SPDX-License-Identifier: BSD-3-Clause
// Synthetic run documents for the gate tests: one region with a chosen MPI load balance and
// communication efficiency, and seeded noise of a realistic size.
#pragma once

#include "run_factory.hpp"

#include <cmath>
#include <random>
#include <vector>

namespace tally::gate::testing {

struct GateRunShape {
  std::string commit = "base";
  std::string region = "timestep";
  std::uint64_t ranks = 4;
  double useful_avg_ns = 1e9;  ///< average useful time per rank
  double load_balance = 0.95;  ///< average / maximum outside-MPI time
  double communication = 0.95; ///< maximum outside-MPI time / elapsed
};

/// A run of one region on one node: one rank's useful time is max = average / load balance, the
/// others share the rest evenly, and T = max / communication, so the model computes exactly these
/// efficiencies and parallel efficiency = their product.
inline analysis::ingest::LoadedRun gate_run(const GateRunShape& shape) {
  analysis::testing::RunShape base;
  base.experiment = "scaling";
  base.commit = shape.commit;
  base.ranks = shape.ranks;
  base.region = shape.region;
  const auto maximum = static_cast<std::uint64_t>(std::llround(shape.useful_avg_ns / shape.load_balance));
  const auto useful = static_cast<std::uint64_t>(std::llround(shape.useful_avg_ns * static_cast<double>(shape.ranks)));
  const auto elapsed = static_cast<std::uint64_t>(std::llround(static_cast<double>(maximum) / shape.communication));
  std::vector<std::uint64_t> per_rank{maximum};
  if (shape.ranks > 1) {
    const auto others = analysis::testing::spread_evenly(useful - maximum, shape.ranks - 1);
    per_rank.insert(per_rank.end(), others.begin(), others.end());
  }
  analysis::ingest::LoadedRun run = analysis::testing::make_run_of_ranks(base, elapsed, per_rank);
  const model::RegionRaw& raw = run.document.regions.front().raw;
  run.document.run.id += "-" + std::to_string(raw.outside_mpi_max_ns);
  run.file = run.document.run.id + ".json";
  return run;
}

/// Noise as seen on a quiet cluster: 1% on useful time, 0.5% on each efficiency.
struct Noise {
  std::mt19937_64 generator;
  explicit Noise(std::uint64_t seed) : generator(seed) {}
  double factor(double relative) { return 1.0 + std::normal_distribution<double>(0.0, relative)(generator); }
  GateRunShape apply(GateRunShape shape) {
    shape.useful_avg_ns *= factor(0.01);
    shape.load_balance = std::min(1.0, shape.load_balance * factor(0.005));
    shape.communication = std::min(1.0, shape.communication * factor(0.005));
    return shape;
  }
};

} // namespace tally::gate::testing
