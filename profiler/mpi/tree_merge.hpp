// SPDX-License-Identifier: BSD-3-Clause
// Merging every rank's share up a binomial tree to rank 0, and sending a result back down: what
// the end of run uses where shares combine (names, parents, busiest nodes, energy sentences), so
// that no rank ever holds the shares of all ranks at once. Depth: ceil(log2 ranks) steps.
#pragma once

#include "mpi/pmpi_weak.hpp"

#include <functional>
#include <string>

namespace tally::profiler::mpi {

/// Combines the share of a lower range of ranks with that of the next higher range. It must be
/// associative: the tree groups the ranks' shares as (0..k-1) with (k..2k-1).
using MergeShares = std::function<std::string(const std::string& lower, const std::string& higher)>;

/// Collective over `comm`, a communicator of the profiler's own (a duplicate or split of the
/// world), so that no message of the program can match the tree's: the merge of every rank's
/// `mine` in rank order, on rank 0 of `comm`; empty on the other ranks. Each rank sends at most
/// one message and receives at most ceil(log2 size), each one merged share.
std::string merge_up_tree(std::string mine, MPI_Comm comm, const MergeShares& merge);

/// Collective over `comm`: rank 0's `shared` on every rank.
std::string broadcast_from_root(std::string shared, MPI_Comm comm);

} // namespace tally::profiler::mpi
