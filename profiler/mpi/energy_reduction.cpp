// SPDX-License-Identifier: BSD-3-Clause
// The hosts' energy folded across ranks (energy_reduction.hpp): the fold's sums with MPI_SUM, its
// maximum with MPI_MAX, its sentences as a union merged up the tree, on world rank 0.
#include "mpi/energy_reduction.hpp"

#include "mpi/pmpi_weak.hpp"
#include "mpi/share_merges.hpp"
#include "mpi/tree_merge.hpp"

#include "tally/model/energy_fold.hpp"

#include <algorithm>
#include <set>
#include <string>

namespace tally::profiler::mpi {
namespace {

// The sentence sets travel as one set, each sentence behind the letter of its set.
constexpr char sensor_tag = 's', left_out_tag = 'l', reason_tag = 'r';

std::set<std::string> tagged_sentences(const model::EnergySensorsFold& fold) {
  std::set<std::string> out;
  for (const auto& [tag, sentences] : {std::pair{sensor_tag, &fold.sensors}, std::pair{left_out_tag, &fold.left_out},
                                       std::pair{reason_tag, &fold.reasons}})
    for (const std::string& sentence : *sentences)
      out.insert(tag + sentence);
  return out;
}

void add_tagged_sentences(model::EnergySensorsFold& fold, const std::set<std::string>& tagged) {
  for (const std::string& sentence : tagged) {
    std::set<std::string>& set = sentence[0] == sensor_tag     ? fold.sensors
                                 : sentence[0] == left_out_tag ? fold.left_out
                                                               : fold.reasons;
    set.insert(sentence.substr(1));
  }
}

/// The sensors of every host's reader, folded on rank 0.
model::EnergySensorsFold reduce_sensors(const std::optional<model::EnergySensors>& sensors, int rank, MPI_Comm tree) {
  model::EnergySensorsFold mine;
  if (sensors) mine.add(*sensors);
  std::uint64_t counts[2] = {mine.readers, mine.measured}, all_counts[2] = {};
  PMPI_Reduce(counts, all_counts, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  std::uint64_t period = 0;
  PMPI_Reduce(&mine.sampling_period_ns, &period, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  const std::string tagged = merge_up_tree(pack_names(tagged_sentences(mine)), tree, merge_names);
  model::EnergySensorsFold run;
  if (rank != 0) return run;
  run.readers = all_counts[0];
  run.measured = all_counts[1];
  run.sampling_period_ns = period;
  add_tagged_sentences(run, unpack_names(tagged));
  return run;
}

} // namespace

RunEnergy reduce_energy(const std::optional<model::EnergySensors>& sensors,
                        const std::vector<const ProcessRegion*>& mine, int rank, MPI_Comm tree) {
  const model::EnergySensorsFold run_sensors = reduce_sensors(sensors, rank, tree);
  constexpr std::size_t fields = model::RegionEnergyFold::field_count;
  std::vector<std::uint64_t> local(mine.size() * fields, 0);
  for (std::size_t r = 0; r < mine.size(); ++r) {
    if (!mine[r] || !mine[r]->energy) continue;
    model::RegionEnergyFold fold;
    fold.add(*mine[r]->energy);
    std::copy(fold.sums.begin(), fold.sums.end(), local.begin() + static_cast<std::ptrdiff_t>(r * fields));
  }
  std::vector<std::uint64_t> total(rank == 0 ? local.size() : 0);
  PMPI_Reduce(local.data(), total.data(), static_cast<int>(local.size()), MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  RunEnergy out;
  if (rank != 0 || run_sensors.readers == 0) return out;
  out.sensors = run_sensors.finish();
  out.regions.resize(mine.size());
  for (std::size_t r = 0; r < mine.size(); ++r) {
    model::RegionEnergyFold fold;
    std::copy_n(total.begin() + static_cast<std::ptrdiff_t>(r * fields), fields, fold.sums.begin());
    out.regions[r] = fold.finish(*out.sensors);
  }
  return out;
}

} // namespace tally::profiler::mpi
