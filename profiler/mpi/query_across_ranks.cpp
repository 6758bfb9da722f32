// SPDX-License-Identifier: BSD-3-Clause
// The collective query through PMPI: one MPI_Allgather of every rank's record (its bytes), then
// the fold on each rank, so that every rank gets the same answer.
#include "mpi/query_across_ranks.hpp"

#include "core/host_probe.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"
#include "mpi/pmpi_weak.hpp"

#include "tally/model/stable_hash.hpp"

#include <type_traits>
#include <vector>

namespace tally::profiler::mpi {
namespace {

static_assert(std::is_trivially_copyable_v<RankSoFar>, "gathered as bytes");

/// The node of this rank: its emulated node (TALLY_RANKS_PER_NODE) or its host, as a key.
std::uint64_t node_key() {
  static const std::uint64_t key = [] {
    const std::uint64_t per_node = process().options.ranks_per_node;
    return per_node > 0 ? process().place.rank / per_node : model::fnv1a<std::uint64_t>(host_name());
  }();
  return key;
}

bool mpi_running() {
  int initialized = 0, finalized = 0;
  // Present together with the rest of libmpi. (PMPI_Comm_f2c is no function to test: a macro in
  // the MPICH family, whose handles are integers.)
  if (!PMPI_Initialized || !PMPI_Finalized) return false;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  return initialized != 0 && finalized == 0;
}

/// The calling thread is in MPI from construction to destruction (a collective waits for the others).
class InMpi {
public:
  InMpi() : thread_(this_thread()), before_(thread_.current()) { thread_.switch_to(State::mpi); }
  ~InMpi() { thread_.switch_to(before_); }
  InMpi(const InMpi&) = delete;
  InMpi& operator=(const InMpi&) = delete;

private:
  ThreadState& thread_;
  State before_;
};

} // namespace

QueryResult query_across_ranks(const RegionSoFar& mine, int fortran_comm, RankScope scope, RanksSoFar& out) {
  if (!mpi_running()) return QueryResult::failed;
  const MPI_Comm comm = PMPI_Comm_f2c(fortran_comm);
  if (comm == MPI_COMM_NULL) return QueryResult::failed;
  const RankSoFar own{mine.record,
                      node_key(),
                      mine.measured.counters ? 1u : 0u,
                      mine.measured.openmp ? 1u : 0u,
                      mine.measured.offload ? 1u : 0u,
                      mine.measured.openacc ? 1u : 0u,
                      static_cast<std::uint64_t>(mine.measured.device_runtime)};
  int size = 0;
  PMPI_Comm_size(comm, &size);
  // Kept between queries: a program asks again and again with the same communicator.
  static thread_local std::vector<RankSoFar> ranks;
  ranks.resize(static_cast<std::size_t>(size));
  {
    const InMpi waiting;
    const int status = PMPI_Allgather(&own, sizeof own, MPI_BYTE, ranks.data(), sizeof own, MPI_BYTE, comm);
    if (status != MPI_SUCCESS) return QueryResult::failed;
  }
  out = fold_ranks(ranks, scope, own.node_key);
  return QueryResult::ok;
}

} // namespace tally::profiler::mpi
