// SPDX-License-Identifier: BSD-3-Clause
// The slots of a Record: a key is compared with the few names the importer reads of its length only
// (at most four), as every key of a document is looked up while it streams by.
#include "analysis/ingest/talp/talp_record.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
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
static_assert(std::ranges::is_sorted(record_fields), "kept in byte order, to be read and extended easily");
static_assert(record_field_count <= 64, "Record keeps which slots are set in 64 bits");

/// The most names of one length.
constexpr std::size_t most_of_one_length = 4;
/// A key longer than every name is no member the importer reads.
constexpr std::size_t longest_field = std::ranges::max(record_fields, {}, &std::string_view::size).size();

/// The slots of the names of each length, in byte order, then record_field_count where unused.
constexpr auto slots_by_length = [] {
  std::array<std::array<std::uint8_t, most_of_one_length>, longest_field + 1> out{};
  for (auto& slots : out)
    slots.fill(record_field_count);
  for (std::size_t field = 0; field < record_field_count; ++field) {
    auto& slots = out[record_fields[field].size()];
    const auto unused = std::ranges::find(slots, record_field_count);
    if (unused == slots.end()) throw "more names of one length than most_of_one_length"; // stops the compilation
    *unused = static_cast<std::uint8_t>(field);
  }
  return out;
}();

} // namespace

std::optional<std::size_t> record_field(std::string_view key) {
  if (key.size() > longest_field) return std::nullopt;
  for (const std::uint8_t field : slots_by_length[key.size()]) {
    if (field == record_field_count) break;
    // The first byte settles most misses without a call to compare the rest.
    if (record_fields[field][0] == key[0] && record_fields[field] == key) return field;
  }
  return std::nullopt;
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
