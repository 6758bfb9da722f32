// SPDX-License-Identifier: BSD-3-Clause
// The collective runtime query (tally_region_metrics): every rank's record of the region so far,
// gathered over the program's communicator and folded on each rank by model's one fold.
#pragma once

#include "core/region_query.hpp"

#include <cstdint>
#include <span>

namespace tally::profiler::mpi {

/// One rank's contribution: its record and what it measured, as plain words MPI moves as bytes.
struct RankSoFar {
  model::ProcessRecord record;
  std::uint64_t node_key = 0; ///< the same on the ranks of one node, different across nodes
  std::uint64_t counters = 0, openmp = 0, offload = 0, openacc = 0;
  std::uint64_t device_runtime = 0; ///< model::DeviceRuntime as a number
};

/// Folds the gathered ranks (all of them, or those whose node is `node_key`'s) as the end-of-run
/// reduction would: ranks that never visited are left out; counters and OpenMP count only when
/// every folded rank measured them, offload and OpenACC when any did, HIP's runtime when any rank
/// measured it. Plain C++, so that tests fold by hand.
RanksSoFar fold_ranks(std::span<const RankSoFar> ranks, RankScope scope, std::uint64_t node_key);

/// Backend::query_across_ranks of the MPI backend: gathers `mine` from every rank of the
/// communicator and folds them; the time it takes is MPI time of the calling thread.
QueryResult query_across_ranks(const RegionSoFar& mine, int fortran_comm, RankScope scope, RanksSoFar& out);

} // namespace tally::profiler::mpi
