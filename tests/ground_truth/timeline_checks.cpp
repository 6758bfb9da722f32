// SPDX-License-Identifier: BSD-3-Clause
// Checks of the run's timeline: timeline:behaviour:NAME|absent, timeline:bucket_ns:N,
// timeline:sums:REGION (each state's buckets add up to the region's time: useful, MPI,
// offload, the three OpenMP states together), timeline:idle_nodes:SUFFIX,...|none (the idle
// nodes in order, each ending with its suffix: emulated nodes are named HOST#INDEX).
#include "timeline_checks.hpp"

#include <numeric>
#include <sstream>

namespace tally::ground_truth {
namespace {

std::uint64_t sum(const std::vector<std::uint64_t>& values) {
  return std::accumulate(values.begin(), values.end(), std::uint64_t{0});
}

std::string check_sums(const model::Timeline& timeline, const model::RunDocument& document, const std::string& name) {
  const model::Region* region = nullptr;
  for (const model::Region& candidate : document.regions) {
    if (candidate.name == name) region = &candidate;
  }
  if (!region) return "region " + name + " missing";
  const model::RegionRaw& raw = region->raw;
  const std::uint64_t openmp =
      raw.openmp ? raw.openmp->load_imbalance_ns + raw.openmp->scheduling_ns + raw.openmp->serialization_ns : 0;
  const std::pair<const char*, std::pair<std::uint64_t, std::uint64_t>> states[] = {
      {"useful_ns", {sum(timeline.useful_ns), raw.useful_ns}},
      {"mpi_ns", {sum(timeline.mpi_ns), raw.mpi_ns}},
      {"offload_ns", {sum(timeline.offload_ns), raw.offload_ns.value_or(0)}},
      {"openmp_ns", {sum(timeline.openmp_ns), openmp}}};
  std::string failures;
  for (const auto& [state, values] : states) {
    if (values.first != values.second) {
      failures += std::string(failures.empty() ? "" : "; ") + "timeline " + state + " sums to " +
                  std::to_string(values.first) + ", " + name + " has " + std::to_string(values.second);
    }
  }
  return failures;
}

std::string check_idle_nodes(const model::Timeline& timeline, const std::string& expected) {
  std::vector<std::string> suffixes;
  std::istringstream in(expected == "none" ? "" : expected);
  for (std::string suffix; std::getline(in, suffix, ',');)
    suffixes.push_back(suffix);
  std::string listed;
  for (const std::string& node : timeline.idle_nodes)
    listed += (listed.empty() ? "" : ",") + node;
  bool matches = suffixes.size() == timeline.idle_nodes.size();
  for (std::size_t i = 0; matches && i < suffixes.size(); ++i)
    matches = timeline.idle_nodes[i].ends_with(suffixes[i]);
  return matches ? "" : "idle nodes [" + listed + "], expected " + expected;
}

} // namespace

std::string check_timeline(const model::RunDocument& document, const std::vector<std::string>& parts) {
  if (!document.timeline) return "the document has no timeline";
  const model::Timeline& timeline = *document.timeline;
  if (parts.size() != 3) return "malformed timeline check";
  if (parts[1] == "behaviour") {
    const std::string behaviour = timeline.behaviour ? std::string(to_string(*timeline.behaviour)) : "absent";
    return behaviour == parts[2] ? "" : "timeline behaviour " + behaviour + ", expected " + parts[2];
  }
  if (parts[1] == "bucket_ns") {
    return timeline.bucket_ns == std::stoull(parts[2])
               ? ""
               : "timeline bucket_ns " + std::to_string(timeline.bucket_ns) + ", expected " + parts[2];
  }
  if (parts[1] == "sums") return check_sums(timeline, document, parts[2]);
  if (parts[1] == "idle_nodes") return check_idle_nodes(timeline, parts[2]);
  return "unknown timeline check " + parts[1];
}

} // namespace tally::ground_truth
