// Synthetic run documents for the gate tests: one region with a chosen MPI load balance and
// communication efficiency, and seeded noise of a realistic size.
#pragma once

#include "run_factory.hpp"

#include <cmath>
#include <random>

namespace tally::gate::testing {

struct GateRunShape {
  std::string commit = "base";
  std::string region = "timestep";
  std::uint64_t ranks = 4;
  double useful_avg_ns = 1e9;  ///< average useful time per rank
  double load_balance = 0.95;  ///< average / maximum outside-MPI time
  double communication = 0.95; ///< maximum outside-MPI time / elapsed
};

/// A run of one region on one node: T = max / communication, max = average / load balance, so the
/// model computes exactly these efficiencies and parallel efficiency = their product.
inline analysis::ingest::LoadedRun gate_run(const GateRunShape& shape) {
  analysis::testing::RunShape base;
  base.experiment = "scaling";
  base.commit = shape.commit;
  base.ranks = shape.ranks;
  base.region = shape.region;
  analysis::ingest::LoadedRun run = analysis::testing::make_run(base, 1, 1);
  model::RegionRaw& raw = run.document.regions.front().raw;
  const double ranks = static_cast<double>(shape.ranks);
  const auto maximum = static_cast<std::uint64_t>(std::llround(shape.useful_avg_ns / shape.load_balance));
  raw.useful_ns = static_cast<std::uint64_t>(std::llround(shape.useful_avg_ns * ranks));
  raw.outside_mpi_max_ns = maximum;
  raw.elapsed_ns = static_cast<std::uint64_t>(std::llround(static_cast<double>(maximum) / shape.communication));
  raw.mpi_ns = shape.ranks * raw.elapsed_ns - raw.useful_ns;
  raw.busiest_node_outside_mpi_ns = raw.useful_ns;
  raw.busiest_node_processes = shape.ranks;
  run.document.run.id += "-" + std::to_string(raw.elapsed_ns) + "-" + std::to_string(raw.outside_mpi_max_ns);
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
