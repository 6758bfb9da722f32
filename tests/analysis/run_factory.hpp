// Builds run documents in memory for the analysis tests: one region "Global" with the given raw
// aggregates, on the given commit and configuration.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include <optional>
#include <string>

namespace tally::analysis::testing {

struct RunShape {
  std::string experiment = "scaling";
  std::string commit = "c1";
  std::string commit_time = "2026-01-01T00:00:00Z";
  std::uint64_t ranks = 1;
  std::uint64_t nodes = 1;
  std::optional<model::Scaling> scaling = std::nullopt;
  std::string region = "Global";
};

/// A run whose region has `useful_ns` spread evenly over the ranks, no MPI imbalance beyond
/// what elapsed_ns implies, and counters when given.
inline ingest::LoadedRun make_run(const RunShape& shape, std::uint64_t elapsed_ns, std::uint64_t useful_ns,
                                  std::optional<model::CounterRaw> counters = std::nullopt) {
  ingest::LoadedRun run;
  model::RunDocument& d = run.document;
  d.tally_version = "test";
  d.run = {shape.experiment + "-" + shape.commit + "-" + std::to_string(shape.ranks) + "-" + std::to_string(elapsed_ns),
           shape.experiment,
           std::to_string(shape.ranks) + " ranks",
           "2026-01-01T00:00:00Z",
           "2026-01-01T00:01:00Z",
           {"app"},
           shape.scaling};
  d.source = model::SourceInfo{shape.commit, "main", shape.commit_time, false, std::nullopt, std::nullopt};
  d.resources = {shape.nodes, shape.ranks, 1, 0, {"host"}};
  d.environment = {"cpu", "Open MPI", "4.1.4", "gcc", counters.has_value(), "tsc"};
  model::RegionRaw raw;
  raw.processes = shape.ranks;
  raw.nodes = shape.nodes;
  raw.elapsed_ns = elapsed_ns;
  raw.useful_ns = useful_ns;
  raw.mpi_ns = shape.ranks * elapsed_ns - useful_ns;
  raw.outside_mpi_max_ns = useful_ns / shape.ranks;
  raw.busiest_node_outside_mpi_ns = useful_ns / shape.nodes;
  raw.busiest_node_processes = shape.ranks / shape.nodes;
  raw.counters = counters;
  d.regions.push_back({shape.region, shape.ranks, raw, {}, {}});
  run.file = d.run.id + ".json";
  return run;
}

} // namespace tally::analysis::testing
