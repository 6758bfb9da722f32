// SPDX-License-Identifier: BSD-3-Clause
// The binomial tree of tree_merge.hpp through PMPI point-to-point calls (not measured): at step s
// (1, 2, 4...), a rank whose lowest set bit is s sends its merged share to rank - s and leaves;
// the others receive from rank + s, when it exists, the share of ranks rank+s .. rank+2s-1.
#include "mpi/tree_merge.hpp"

#include <cstdint>

namespace tally::profiler::mpi {
namespace {

enum Tag : int { tag_length, tag_bytes };

void send_share(const std::string& share, int to, MPI_Comm comm) {
  std::uint64_t length = share.size();
  PMPI_Send(&length, 1, MPI_UINT64_T, to, tag_length, comm);
  PMPI_Send(share.data(), static_cast<int>(share.size()), MPI_BYTE, to, tag_bytes, comm);
}

std::string receive_share(int from, MPI_Comm comm) {
  std::uint64_t length = 0;
  PMPI_Recv(&length, 1, MPI_UINT64_T, from, tag_length, comm, MPI_STATUS_IGNORE);
  std::string share(length, '\0');
  PMPI_Recv(share.data(), static_cast<int>(share.size()), MPI_BYTE, from, tag_bytes, comm, MPI_STATUS_IGNORE);
  return share;
}

} // namespace

std::string merge_up_tree(std::string mine, MPI_Comm comm, const MergeShares& merge) {
  MPI_Comm tree = MPI_COMM_NULL;
  PMPI_Comm_dup(comm, &tree);
  int rank = 0, size = 1;
  PMPI_Comm_rank(tree, &rank);
  PMPI_Comm_size(tree, &size);
  for (int step = 1; step < size; step *= 2) {
    if (rank & step) {
      send_share(mine, rank - step, tree);
      mine.clear();
      break;
    }
    if (rank + step < size) mine = merge(mine, receive_share(rank + step, tree));
  }
  PMPI_Comm_free(&tree);
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
