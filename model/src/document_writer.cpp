// SPDX-License-Identifier: BSD-3-Clause
// Writes a run document with nlohmann/json (which escapes every string), keys in schema order
// and optional sections only when present.
#include "tally/model/document_io.hpp"
#include "tally/model/run_metrics.hpp"

#include "energy_writer.hpp"

namespace tally::model {
namespace {

using Json = nlohmann::ordered_json;

Json directions_to_json(const LaunchesAndCopies::ByDirection& counts) {
  Json out = Json::object();
  for (std::size_t direction = 0; direction < device_copy_directions.size(); ++direction)
    out[std::string(device_copy_directions[direction])] = counts[direction];
  return out;
}

/// One count per kind, in the kinds' order.
template <std::size_t N>
Json by_kind_to_json(const std::array<std::uint64_t, N>& counts, const std::array<std::string_view, N>& kinds) {
  Json out = Json::object();
  for (std::size_t kind = 0; kind < N; ++kind)
    out[std::string(kinds[kind])] = counts[kind];
  return out;
}

Json raw_to_json(const RegionRaw& raw) {
  Json out{{"processes", raw.processes}, {"threads_per_process", raw.threads_per_process},
           {"nodes", raw.nodes},         {"elapsed_ns", raw.elapsed_ns},
           {"useful_ns", raw.useful_ns}, {"mpi_ns", raw.mpi_ns}};
  if (raw.offload_ns) out["offload_ns"] = *raw.offload_ns;
  out["outside_mpi_max_ns"] = raw.outside_mpi_max_ns;
  out["busiest_node_outside_mpi_ns"] = raw.busiest_node_outside_mpi_ns;
  out["busiest_node_processes"] = raw.busiest_node_processes;
  if (raw.mpi) {
    Json mpi{{"calls", raw.mpi->calls}, {"calls_max", raw.mpi->calls_max}};
    if (raw.mpi->calls_by_kind) {
      Json kinds = Json::object();
      for (std::size_t kind = 0; kind < mpi_call_kinds.size(); ++kind)
        kinds[std::string(mpi_call_kinds[kind])] = (*raw.mpi->calls_by_kind)[kind];
      mpi["calls_by_kind"] = std::move(kinds);
    }
    if (raw.mpi->bytes_sent) mpi["bytes_sent"] = *raw.mpi->bytes_sent;
    if (raw.mpi->bytes_received) mpi["bytes_received"] = *raw.mpi->bytes_received;
    if (raw.mpi->collective_bytes) mpi["collective_bytes"] = *raw.mpi->collective_bytes;
    out["mpi"] = std::move(mpi);
  }
  if (raw.openmp) {
    out["openmp"] = Json{{"load_imbalance_ns", raw.openmp->load_imbalance_ns},
                         {"scheduling_ns", raw.openmp->scheduling_ns},
                         {"serialization_ns", raw.openmp->serialization_ns}};
    if (raw.openmp->parallels) out["openmp"]["parallels"] = *raw.openmp->parallels;
    if (raw.openmp->tasks) out["openmp"]["tasks"] = *raw.openmp->tasks;
  }
  if (raw.counters) {
    out["counters"] = Json{{"useful_instructions", raw.counters->useful_instructions},
                           {"useful_cycles", raw.counters->useful_cycles}};
  }
  if (raw.device) {
    out["device"] = Json{{"devices", raw.device->devices},
                         {"kernel_ns", raw.device->kernel_ns},
                         {"kernel_max_ns", raw.device->kernel_max_ns},
                         {"memory_ns", raw.device->memory_ns},
                         {"active_max_ns", raw.device->active_max_ns}};
  }
  if (raw.device_counts) {
    Json& device = out["device"];
    device["runtime_calls"] = raw.device_counts->runtime_calls;
    if (const auto runtime = raw.device_counts->runtime)
      device["runtime"] = device_runtime_names[static_cast<std::size_t>(*runtime)];
    if (const auto& work = raw.device_counts->launches_and_copies) {
      device["kernel_launches"] = work->kernel_launches;
      device["kernel_launches_max"] = work->kernel_launches_max;
      device["copies"] = directions_to_json(work->copies);
      device["copy_bytes"] = directions_to_json(work->copy_bytes);
    }
  }
  if (raw.openacc) {
    out["openacc"] = Json{{"constructs", by_kind_to_json(raw.openacc->constructs, openacc_construct_kinds)},
                          {"constructs_on_host", raw.openacc->constructs_on_host},
                          {"enqueues", by_kind_to_json(raw.openacc->enqueues, openacc_enqueue_kinds)}};
  }
  return out;
}

Json metrics_to_json(const MetricValues& metrics) {
  Json out = Json::object();
  for (const MetricInfo& metric : metric_table()) {
    if (const auto value = metrics.get(metric.id)) out[std::string(metric.key)] = *value;
  }
  return out;
}

Json rank_to_json(const RankRecord& rank) {
  Json out{{"rank", rank.rank},           {"node", rank.node},
           {"visits", rank.visits},       {"elapsed_ns", rank.elapsed_ns},
           {"useful_ns", rank.useful_ns}, {"mpi_ns", rank.mpi_ns}};
  if (rank.offload_ns) out["offload_ns"] = *rank.offload_ns;
  return out;
}

Json region_to_json(const Region& region) {
  Json out{{"name", region.name}};
  if (region.parent) out["parent"] = *region.parent;
  if (!region.other_parents.empty()) out["other_parents"] = region.other_parents;
  out["visits"] = region.visits;
  out["raw"] = raw_to_json(region.raw);
  // For readers of the file; tally's own readers recompute them from raw.
  out["metrics"] = metrics_to_json(compute_run_metrics(region.raw));
  if (!region.per_rank.empty()) {
    Json ranks = Json::array();
    for (const RankRecord& rank : region.per_rank)
      ranks.push_back(rank_to_json(rank));
    out["per_rank"] = std::move(ranks);
  }
  if (region.energy) out["energy"] = detail::region_energy_to_json(*region.energy);
  return out;
}

Json run_to_json(const RunInfo& run) {
  Json out{{"id", run.id},
           {"experiment", run.experiment},
           {"label", run.label},
           {"start_time", run.start_time},
           {"end_time", run.end_time},
           {"command_line", run.command_line}};
  if (run.scaling) out["scaling"] = std::string(to_string(*run.scaling));
  out["outcome"] = std::string(to_string(run.outcome));
  if (run.hang) {
    out["hang"] = Json{{"rank", run.hang->rank},
                       {"host", run.hang->host},
                       {"call", run.hang->call},
                       {"regions", run.hang->regions},
                       {"waited_ns", run.hang->waited_ns}};
  }
  if (run.ab_study) {
    out["ab_study"] = Json{
        {"id", run.ab_study->id}, {"side", std::string(to_string(run.ab_study->side))}, {"pair", run.ab_study->pair}};
  }
  if (run.job) {
    Json job{{"scheduler", run.job->scheduler}, {"id", run.job->id}};
    const std::pair<const char*, const std::optional<std::string>*> optional_fields[] = {
        {"step", &run.job->step},
        {"partition", &run.job->partition},
        {"node_list", &run.job->node_list},
        {"end_time", &run.job->end_time}};
    for (const auto& [key, value] : optional_fields) {
      if (*value) job[key] = **value;
    }
    out["job"] = std::move(job);
  }
  return out;
}

Json timeline_to_json(const Timeline& timeline) {
  Json out{{"bucket_ns", timeline.bucket_ns},
           {"useful_ns", timeline.useful_ns},
           {"mpi_ns", timeline.mpi_ns},
           {"offload_ns", timeline.offload_ns},
           {"openmp_ns", timeline.openmp_ns}};
  if (timeline.behaviour) out["behaviour"] = std::string(to_string(*timeline.behaviour));
  if (!timeline.idle_nodes.empty()) out["idle_nodes"] = timeline.idle_nodes;
  return out;
}

Json source_to_json(const SourceInfo& source) {
  Json out{{"commit", source.commit}, {"branch", source.branch}};
  if (source.commit_time) out["commit_time"] = *source.commit_time;
  out["is_merge_request"] = source.is_merge_request;
  if (source.target_branch) out["target_branch"] = *source.target_branch;
  if (source.default_branch) out["default_branch"] = *source.default_branch;
  return out;
}

} // namespace

nlohmann::ordered_json to_json(const RunDocument& document) {
  Json out{{"schema", std::string(run_schema_prefix) + std::to_string(run_schema_version)},
           {"tally_version", document.tally_version},
           {"run", run_to_json(document.run)}};
  if (document.source) out["source"] = source_to_json(*document.source);
  const Resources& resources = document.resources;
  out["resources"] = Json{{"nodes", resources.nodes},
                          {"ranks", resources.ranks},
                          {"threads_per_rank", resources.threads_per_rank},
                          {"gpus", resources.gpus},
                          {"hosts", resources.hosts}};
  if (resources.cpu_frequency_khz) out["resources"]["cpu_frequency_khz"] = *resources.cpu_frequency_khz;
  const Environment& environment = document.environment;
  out["environment"] = Json{{"cpu_model", environment.cpu_model},
                            {"mpi_library", environment.mpi_library},
                            {"mpi_version", environment.mpi_version},
                            {"compiler", environment.compiler},
                            {"counters_available", environment.counters_available},
                            {"clock", environment.clock}};
  if (environment.energy) out["environment"]["energy"] = detail::energy_sensors_to_json(*environment.energy);
  Json regions = Json::array();
  for (const Region& region : document.regions)
    regions.push_back(region_to_json(region));
  out["regions"] = std::move(regions);
  if (document.timeline) out["timeline"] = timeline_to_json(*document.timeline);
  return out;
}

std::string write_run_document(const RunDocument& document) {
  // Names come from programs and may not be UTF-8: invalid bytes become U+FFFD, never an exception.
  return to_json(document).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace tally::model
