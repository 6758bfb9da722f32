// SPDX-License-Identifier: BSD-3-Clause
// The binomial tree of tree_merge.hpp through PMPI point-to-point calls (not measured): at step s
// (1, 2, 4...), a rank whose lowest set bit is s sends its merged share to rank - s and leaves;
// the others receive from rank + s, when it exists, the share of ranks rank+s .. rank+2s-1.
#include "mpi/tree_merge.hpp"

#include <cstddef>
#include <cstdint>

namespace tally::profiler::mpi {
namespace {

constexpr int share_tag = 0;

void send_share(const std::string& share, int to, MPI_Comm comm) {
  PMPI_Send(share.data(), static_cast<int>(share.size()), MPI_BYTE, to, share_tag, comm);
}

/// One message whose length the probe tells: one hop of latency per step of the tree.
std::string receive_share(int from, MPI_Comm comm) {
  MPI_Status status;
  PMPI_Probe(from, share_tag, comm, &status);
  int length = 0;
  PMPI_Get_count(&status, MPI_BYTE, &length);
  std::string share(static_cast<std::size_t>(length), '\0');
  PMPI_Recv(share.data(), length, MPI_BYTE, from, share_tag, comm, MPI_STATUS_IGNORE);
  return share;
}

} // namespace

std::string merge_up_tree(std::string mine, MPI_Comm comm, const MergeShares& merge) {
  int rank = 0, size = 1;
  PMPI_Comm_rank(comm, &rank);
  PMPI_Comm_size(comm, &size);
  for (int step = 1; step < size; step *= 2) {
    if (rank & step) {
      send_share(mine, rank - step, comm);
      mine.clear();
      break;
    }
    if (rank + step < size) mine = merge(mine, receive_share(rank + step, comm));
  }
  return mine;
}

std::string broadcast_from_root(std::string shared, MPI_Comm comm) {
  std::uint64_t length = shared.size();
  PMPI_Bcast(&length, 1, MPI_UINT64_T, 0, comm);
  shared.resize(length);
  PMPI_Bcast(shared.data(), static_cast<int>(length), MPI_BYTE, 0, comm);
  return shared;
}

} // namespace tally::profiler::mpi
