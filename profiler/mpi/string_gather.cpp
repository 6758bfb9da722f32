// SPDX-License-Identifier: BSD-3-Clause
// Gathering strings through PMPI: their lengths first, then the bytes (string_gather.hpp).
#include "mpi/string_gather.hpp"

namespace tally::profiler::mpi {

std::vector<std::string> gather_strings(const std::vector<std::string>& local, MPI_Comm comm) {
  int size = 1;
  PMPI_Comm_size(comm, &size);
  std::string packed;
  for (const std::string& text : local)
    packed.append(text).push_back('\0');
  int length = static_cast<int>(packed.size());
  std::vector<int> lengths(static_cast<std::size_t>(size));
  PMPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, comm);
  std::vector<int> offsets(static_cast<std::size_t>(size), 0);
  for (std::size_t i = 1; i < offsets.size(); ++i)
    offsets[i] = offsets[i - 1] + lengths[i - 1];
  std::string all(static_cast<std::size_t>(offsets.back() + lengths.back()), '\0');
  PMPI_Allgatherv(packed.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, comm);
  std::vector<std::string> out;
  for (std::size_t begin = 0; begin < all.size();) {
    const std::size_t end = all.find('\0', begin);
    out.push_back(all.substr(begin, end - begin));
    begin = end + 1;
  }
  return out;
}

} // namespace tally::profiler::mpi
