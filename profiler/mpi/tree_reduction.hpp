// SPDX-License-Identifier: BSD-3-Clause
// The region tree across ranks: each rank's time per (region, parent) pair summed up the tree to
// rank 0, where the parent rule (model/region_tree.hpp) picks each region's parent.
#pragma once

#include "core/process_summary.hpp"
#include "mpi/pmpi_weak.hpp"

#include "tally/model/region_tree.hpp"

#include <string>
#include <vector>

namespace tally::profiler::mpi {

/// Indexed like `names` (the run's regions, the same on every rank): each region's place in the
/// tree on rank 0, empty on the other ranks. Collective over `tree`, the profiler's duplicate of
/// MPI_COMM_WORLD for its trees (tree_merge.hpp).
std::vector<model::RegionParents> reduce_parents(const ProcessSummary& summary, const std::vector<std::string>& names,
                                                 int rank, MPI_Comm tree);

} // namespace tally::profiler::mpi
