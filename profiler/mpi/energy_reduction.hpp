// SPDX-License-Identifier: BSD-3-Clause
// The hosts' energy across ranks: each host's reader (its lowest rank) brings its sensors and its
// regions' energy; the fold (model/energy_fold.hpp) says what they mean, this moves them.
#pragma once

#include "core/process_summary.hpp"
#include "mpi/pmpi_weak.hpp"

#include "tally/model/run_document.hpp"

#include <optional>
#include <vector>

namespace tally::profiler::mpi {

/// The run's energy, complete on world rank 0.
struct RunEnergy {
  std::optional<model::EnergySensors> sensors;             ///< absent: no process looked for sensors
  std::vector<std::optional<model::RegionEnergy>> regions; ///< by region index; absent: not measured
};

/// Collective over MPI_COMM_WORLD: fixed-size messages but for the sensors' sentences, merged up
/// the tree on `tree`, the profiler's duplicate of MPI_COMM_WORLD for its trees (tree_merge.hpp).
/// `sensors` is this rank's (only a host's reader has them), `mine[r]` its record of region r or null.
RunEnergy reduce_energy(const std::optional<model::EnergySensors>& sensors,
                        const std::vector<const ProcessRegion*>& mine, int rank, MPI_Comm tree);

} // namespace tally::profiler::mpi
