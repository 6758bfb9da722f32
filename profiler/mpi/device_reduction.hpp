// SPDX-License-Identifier: BSD-3-Clause
// The devices of each region across ranks: a GPU shared by the ranks of one node counts once,
// so the ranks' shares meet at their node's leader before the node leaders reduce.
#pragma once

#include "core/process_summary.hpp"
#include "mpi/node_map.hpp"

#include "tally/model/region_raw.hpp"

#include <optional>
#include <vector>

namespace tally::profiler::mpi {

/// Collective over MPI_COMM_WORLD (through the node and leader communicators of `nodes`).
/// `mine[r]` is this rank's record of region r of the run's name union, or nullptr. On world
/// rank 0, one entry per region: its devices, or nullopt when no rank saw device activity
/// there; elsewhere an empty vector.
std::vector<std::optional<model::DeviceRaw>> reduce_devices(const std::vector<const ProcessRegion*>& mine,
                                                            const NodeMap& nodes, std::uint64_t rank);

} // namespace tally::profiler::mpi
