// SPDX-License-Identifier: BSD-3-Clause
// Test tool: checks metrics of every run document in a folder (one at least; an A/B study's runs
// each) against values computed by hand. Usage: expect_metric FOLDER CHECK... where a CHECK is
// REGION:METRIC:EXPECTED:TOLERANCE, REGION:visits:N, REGION:nodes:N, REGION:devices:N,
// REGION:ranks:N (per-rank records), REGION:absent, REGION:METRIC:absent, REGION:within:OUTER (the
// region's elapsed and useful time fit in those of OUTER), or REGION:product:PARENT:CHILD,CHILD...
// (the parent metric equals the product of the children),
// REGION:parent:NAME|none, REGION:other_parents:NAME,NAME..., REGION:mpi:COUNT:N (COUNT: calls,
// calls_max, bytes_sent, bytes_received, collective_bytes or a kind of MPI call), or
// REGION:openmp:parallels|tasks:N, or REGION:device:COUNT:N (COUNT: runtime_calls, kernel_launches,
// kernel_launches_max, copies_DIRECTION or copy_bytes_DIRECTION), or REGION:device:runtime:NAME
// (cuda, hip, or absent where the document does not say whose calls), or resources:gpus:N, or
// resources:cpu_frequency_khz:N|absent, or environment:mpi_library:NAME ("Open MPI", "MPICH"), or
// regions:names:NAME,NAME... (the document's regions, in order), or timeline:... (timeline_checks.cpp).
// Exit 0 when every check holds; one line per failure.
#include "timeline_checks.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/run_metrics.hpp"

#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

namespace {

using namespace tally::model;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, separator);)
    parts.push_back(part);
  return parts;
}

const Region* find_region(const RunDocument& document, const std::string& name) {
  for (const Region& region : document.regions) {
    if (region.name == name) return &region;
  }
  return nullptr;
}

/// The MPI count `name` of a region, when the region has MPI counts and `name` is one.
std::optional<std::uint64_t> mpi_count(const Region& region, const std::string& name) {
  if (!region.raw.mpi) return std::nullopt;
  const MpiRaw& mpi = *region.raw.mpi;
  for (std::size_t kind = 0; kind < mpi_call_kinds.size(); ++kind) {
    if (mpi_call_kinds[kind] == name && mpi.calls_by_kind) return (*mpi.calls_by_kind)[kind];
  }
  const std::map<std::string, std::optional<std::uint64_t>> totals{{"calls", mpi.calls},
                                                                   {"calls_max", mpi.calls_max},
                                                                   {"bytes_sent", mpi.bytes_sent},
                                                                   {"bytes_received", mpi.bytes_received},
                                                                   {"collective_bytes", mpi.collective_bytes}};
  const auto found = totals.find(name);
  return found == totals.end() ? std::nullopt : found->second;
}

/// The OpenMP count `name` (parallels or tasks) of a region, when it has one.
std::optional<std::uint64_t> openmp_count(const Region& region, const std::string& name) {
  if (!region.raw.openmp) return std::nullopt;
  if (name == "parallels") return region.raw.openmp->parallels;
  if (name == "tasks") return region.raw.openmp->tasks;
  return std::nullopt;
}

/// The CUDA count `name` of a region, when the region has CUDA counts and `name` is one.
std::optional<std::uint64_t> device_count(const Region& region, const std::string& name) {
  if (!region.raw.device_counts) return std::nullopt;
  const DeviceCountsRaw& device = *region.raw.device_counts;
  std::map<std::string, std::uint64_t> counts{{"runtime_calls", device.runtime_calls}};
  if (const auto& work = device.launches_and_copies) {
    counts["kernel_launches"] = work->kernel_launches;
    counts["kernel_launches_max"] = work->kernel_launches_max;
    for (std::size_t direction = 0; direction < device_copy_directions.size(); ++direction) {
      counts["copies_" + std::string(device_copy_directions[direction])] = work->copies[direction];
      counts["copy_bytes_" + std::string(device_copy_directions[direction])] = work->copy_bytes[direction];
    }
  }
  const auto found = counts.find(name);
  return found == counts.end() ? std::nullopt : std::optional(found->second);
}

/// The OpenACC count `name` of a region (a construct kind, constructs_on_host or an enqueue kind),
/// when the region has OpenACC counts.
std::optional<std::uint64_t> openacc_count(const Region& region, const std::string& name) {
  if (!region.raw.openacc) return std::nullopt;
  const OpenAccRaw& openacc = *region.raw.openacc;
  if (name == "constructs_on_host") return openacc.constructs_on_host;
  for (std::size_t kind = 0; kind < openacc_construct_kinds.size(); ++kind) {
    if (openacc_construct_kinds[kind] == name) return openacc.constructs[kind];
  }
  for (std::size_t kind = 0; kind < openacc_enqueue_kinds.size(); ++kind) {
    if (openacc_enqueue_kinds[kind] == name) return openacc.enqueues[kind];
  }
  return std::nullopt;
}

/// The count `name` of the group `group` (mpi, openmp, device or openacc) of a region, when it has one.
std::optional<std::uint64_t> group_count(const Region& region, const std::string& group, const std::string& name) {
  if (group == "mpi") return mpi_count(region, name);
  if (group == "device") return device_count(region, name);
  if (group == "openacc") return openacc_count(region, name);
  return openmp_count(region, name);
}

/// Empty when a check of the region tree or of the counts holds, otherwise what differs.
std::string check_tree_or_counts(const Region& region, const std::vector<std::string>& parts) {
  if (parts[1] == "parent") {
    const std::string parent = region.parent.value_or("none");
    return parent == parts.at(2) ? "" : region.name + " has parent " + parent + ", expected " + parts[2];
  }
  if (parts[1] == "other_parents") {
    const std::vector<std::string> expected = split(parts.at(2), ',');
    std::string listed;
    for (const std::string& other : region.other_parents)
      listed += (listed.empty() ? "" : ",") + other;
    return region.other_parents == expected ? ""
                                            : region.name + " has other parents [" + listed + "], expected " + parts[2];
  }
  if (parts[1] == "openacc" && parts.at(2) == "absent") {
    return region.raw.openacc ? region.name + " has OpenACC counts, expected none" : "";
  }
  if (parts[1] == "device" && parts.at(2) == "runtime") {
    const auto runtime = region.raw.device_counts ? region.raw.device_counts->runtime : std::nullopt;
    const std::string named =
        runtime ? std::string(device_runtime_names[static_cast<std::size_t>(*runtime)]) : "absent";
    return named == parts.at(3) ? "" : region.name + " device runtime " + named + ", expected " + parts[3];
  }
  const auto count = group_count(region, parts[1], parts.at(2));
  if (!count) return region.name + " has no " + parts[1] + " count " + parts[2];
  return *count == std::stoull(parts.at(3))
             ? ""
             : region.name + " " + parts[2] + " = " + std::to_string(*count) + ", expected " + parts[3];
}

/// Empty when the check holds, otherwise what differs.
std::string check(const RunDocument& document, const std::string& specification) {
  const auto parts = split(specification, ':');
  if (parts.size() < 2) return "malformed check " + specification;
  if (parts[0] == "timeline") return tally::ground_truth::check_timeline(document, parts);
  if (parts[0] == "resources" && parts.size() == 3 && parts[1] == "gpus") {
    const std::string gpus = std::to_string(document.resources.gpus);
    return gpus == parts[2] ? "" : "resources.gpus " + gpus + ", expected " + parts[2];
  }
  if (parts[0] == "resources" && parts.size() == 3 && parts[1] == "cpu_frequency_khz") {
    const auto& khz = document.resources.cpu_frequency_khz;
    const std::string recorded = khz ? std::to_string(*khz) : "absent";
    return recorded == parts[2] ? "" : "resources.cpu_frequency_khz " + recorded + ", expected " + parts[2];
  }
  if (parts[0] == "environment" && parts.size() == 3 && parts[1] == "mpi_library") {
    const std::string& library = document.environment.mpi_library;
    return library == parts[2] ? "" : "environment.mpi_library " + library + ", expected " + parts[2];
  }
  if (parts[0] == "regions" && parts.size() == 3 && parts[1] == "names") {
    std::string names;
    for (const Region& region : document.regions)
      names += (names.empty() ? "" : ",") + region.name;
    return names == parts[2] ? "" : "regions " + names + ", expected " + parts[2];
  }
  const Region* region = find_region(document, parts[0]);
  if (parts[1] == "absent") return region ? "region " + parts[0] + " should be absent" : "";
  if (!region) return "region " + parts[0] + " missing";
  if (parts[1] == "parent" || parts[1] == "other_parents" || parts[1] == "mpi" || parts[1] == "openmp" ||
      parts[1] == "device" || parts[1] == "openacc") {
    return check_tree_or_counts(*region, parts);
  }
  if (parts[1] == "within") {
    const Region* outer = find_region(document, parts.at(2));
    if (!outer) return "region " + parts[2] + " missing";
    const bool fits = region->raw.elapsed_ns <= outer->raw.elapsed_ns && region->raw.useful_ns <= outer->raw.useful_ns;
    return fits ? "" : parts[0] + " does not fit within " + parts[2];
  }
  if (parts[1] == "product") {
    const MetricValues values = compute_run_metrics(region->raw);
    const auto parent = metric_from_key(parts.at(2));
    if (!parent || !values.get(*parent)) return parts[0] + " " + parts[2] + " absent or unknown";
    double product = 1.0;
    for (const std::string& child : split(parts.at(3), ',')) {
      const auto id = metric_from_key(child);
      if (!id || !values.get(*id)) return parts[0] + " " + child + " absent or unknown";
      product *= *values.get(*id);
    }
    return std::fabs(*values.get(*parent) - product) < 1e-9
               ? ""
               : parts[0] + " " + parts[2] + " = " + std::to_string(*values.get(*parent)) +
                     ", product of its children " + std::to_string(product);
  }
  if (parts[1] == "ranks") {
    const auto expected = std::stoull(parts.at(2));
    return region->per_rank.size() == expected ? ""
                                               : parts[0] + " has " + std::to_string(region->per_rank.size()) +
                                                     " per-rank records, expected " + parts[2];
  }
  if (parts[1] == "devices") {
    const auto expected = std::stoull(parts.at(2));
    const std::uint64_t devices = region->raw.device ? region->raw.device->devices : 0;
    return devices == expected ? "" : parts[0] + " has " + std::to_string(devices) + " devices, expected " + parts[2];
  }
  if (parts[1] == "nodes") {
    const std::uint64_t expected = std::stoull(parts.at(2));
    return region->raw.nodes == expected
               ? ""
               : parts[0] + " on " + std::to_string(region->raw.nodes) + " nodes, expected " + parts[2];
  }
  if (parts[1] == "visits") {
    const auto expected = std::stoull(parts.at(2));
    return region->visits == expected
               ? ""
               : parts[0] + " visits " + std::to_string(region->visits) + ", expected " + parts[2];
  }
  const auto id = metric_from_key(parts[1]);
  if (id && parts.size() == 3 && parts[2] == "absent") {
    return compute_run_metrics(region->raw).get(*id) ? parts[0] + " " + parts[1] + " should be absent" : "";
  }
  if (!id || parts.size() != 4) return "malformed check " + specification;
  const auto value = compute_run_metrics(region->raw).get(*id);
  const double expected = std::stod(parts[2]);
  const double tolerance = std::stod(parts[3]);
  if (!value) return parts[0] + " " + parts[1] + " absent, expected " + parts[2];
  if (std::fabs(*value - expected) > tolerance) {
    return parts[0] + " " + parts[1] + " = " + std::to_string(*value) + ", expected " + parts[2] + " ± " + parts[3];
  }
  return "";
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::vector<std::filesystem::path> documents;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (entry.path().extension() == ".json") documents.push_back(entry.path());
  }
  if (documents.empty()) {
    std::cerr << "expect_metric: no run document in " << argv[1] << '\n';
    return 1;
  }
  int failures = 0;
  for (const std::filesystem::path& document : documents) {
    const ReadResult result = load_run_document(document);
    if (const auto* problems = std::get_if<Problems>(&result)) {
      for (const Problem& problem : *problems)
        std::cerr << to_string(problem) << '\n';
      return 1;
    }
    for (int i = 2; i < argc; ++i) {
      const std::string failure = check(std::get<RunDocument>(result), argv[i]);
      if (!failure.empty()) {
        std::cerr << "expect_metric: " << document.filename().string() << ": " << failure << '\n';
        ++failures;
      }
    }
  }
  return failures == 0 ? 0 : 1;
}
