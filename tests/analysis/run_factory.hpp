// SPDX-License-Identifier: BSD-3-Clause
// Builds run documents in memory for the analysis tests: one region "Global" folded from per-rank
// times, on the given commit and configuration.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include "tally/model/region_fold.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tally::analysis::testing {

struct RunShape {
  std::string experiment = "scaling";
  std::string commit = "c1";
  std::string commit_time = "2026-01-01T00:00:00Z";
  std::uint64_t ranks = 1;
  std::uint64_t nodes = 1;
  std::optional<model::Scaling> scaling = std::nullopt;
  std::string region = "Global";
  std::optional<std::uint64_t> cpu_frequency_khz = std::nullopt; ///< the frequency the run was asked for
};

/// `total` in `parts` shares that differ by at most 1, the larger ones first.
inline std::vector<std::uint64_t> spread_evenly(std::uint64_t total, std::uint64_t parts) {
  std::vector<std::uint64_t> out(parts, total / parts);
  for (std::uint64_t i = 0; i < total % parts; ++i)
    ++out[i];
  return out;
}

/// A run whose region is the fold (region_fold.hpp) of one process per rank: rank r computes
/// useful_ns[r] and waits in MPI for the rest of elapsed_ns; ranks fill the nodes in blocks of
/// ranks / nodes. Counters, when given, are spread evenly over the ranks.
inline ingest::LoadedRun make_run_of_ranks(const RunShape& shape, std::uint64_t elapsed_ns,
                                           const std::vector<std::uint64_t>& useful_ns,
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
  d.resources = {shape.nodes, shape.ranks, 1, 0, {"host"}, shape.cpu_frequency_khz};
  d.environment = {"cpu", "Open MPI", "4.1.4", "gcc", counters.has_value(), "tsc"};
  const auto instructions = spread_evenly(counters ? counters->useful_instructions : 0, shape.ranks);
  const auto cycles = spread_evenly(counters ? counters->useful_cycles : 0, shape.ranks);
  model::RegionFold fold;
  for (std::uint64_t rank = 0; rank < shape.ranks; ++rank) {
    const std::uint64_t useful = useful_ns.at(rank);
    fold.add({.visits = 1,
              .elapsed_ns = elapsed_ns,
              .useful_ns = useful,
              .mpi_ns = elapsed_ns > useful ? elapsed_ns - useful : 0,
              .useful_instructions = instructions[rank],
              .useful_cycles = cycles[rank],
              .node = rank * shape.nodes / shape.ranks});
  }
  d.regions.push_back({shape.region, shape.ranks, fold.finish({.counters = counters.has_value()}), {}, {}});
  run.file = d.run.id + ".json";
  return run;
}

/// A run whose region has `useful_ns` spread evenly over the ranks, no MPI imbalance beyond
/// what elapsed_ns implies, and counters when given.
inline ingest::LoadedRun make_run(const RunShape& shape, std::uint64_t elapsed_ns, std::uint64_t useful_ns,
                                  std::optional<model::CounterRaw> counters = std::nullopt) {
  return make_run_of_ranks(shape, elapsed_ns, spread_evenly(useful_ns, shape.ranks), counters);
}

} // namespace tally::analysis::testing
