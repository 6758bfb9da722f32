// SPDX-License-Identifier: BSD-3-Clause
// The slots of a Record: a binary search over the sorted names the importer reads.
#include "analysis/ingest/talp/talp_record.hpp"

#include <algorithm>
#include <iterator>

namespace tally::analysis::ingest::talp {
namespace {

/// The members the importer reads, in byte order: a Record's slots.
constexpr std::string_view record_fields[] = {"cycles",
                                              "defaultGitBranch",
                                              "dlbVersion",
                                              "elapsedTime",
                                              "elapsedUseful",
                                              "gitBranch",
                                              "gitCommit",
                                              "gitTimestamp",
                                              "gpuCommunicationTime",
                                              "gpuRuntimeTime",
                                              "gpuUsefulTime",
                                              "hostname",
                                              "instructions",
                                              "isMergeRequest",
                                              "maxGpuActiveTime",
                                              "maxGpuUsefulTime",
                                              "maxUsefulNormdNode",
                                              "maxUsefulNormdProc",
                                              "minMpiNormdNode",
                                              "minMpiNormdProc",
                                              "mpiTime",
                                              "mpiWorkerIdleTime",
                                              "name",
                                              "nodeId",
                                              "numCpus",
                                              "numGpuRuntimeCalls",
                                              "numGpus",
                                              "numMeasurements",
                                              "numMpiCalls",
                                              "numMpiRanks",
                                              "numNodes",
                                              "numOmpParallels",
                                              "numOmpTasks",
                                              "numOmpThreads",
                                              "numRanks",
                                              "ompLoadImbalanceTime",
                                              "ompOutsideParallelTime",
                                              "ompSchedulingTime",
                                              "ompSerializationTime",
                                              "pid",
                                              "rank",
                                              "timestamp",
                                              "usefulCpuNode",
                                              "usefulCpuTotal",
                                              "usefulTime"};

static_assert(std::size(record_fields) == record_field_count);
static_assert(std::ranges::is_sorted(record_fields), "record_field() searches the names by halves");
static_assert(record_field_count <= 64, "Record keeps which slots are set in 64 bits");

} // namespace

std::optional<std::size_t> record_field(std::string_view key) {
  const auto found = std::ranges::lower_bound(record_fields, key);
  if (found == std::end(record_fields) || *found != key) return std::nullopt;
  return static_cast<std::size_t>(found - std::begin(record_fields));
}

const nlohmann::json* Record::find(std::string_view key) const {
  const auto field = record_field(key);
  if (!field || !(present_ >> *field & 1u)) return nullptr;
  return &values_[*field];
}

void Record::set(std::size_t field, nlohmann::json value) {
  present_ |= std::uint64_t{1} << field;
  values_[field] = std::move(value);
}

} // namespace tally::analysis::ingest::talp
