// SPDX-License-Identifier: BSD-3-Clause
// Assembles a tally run document from a DLB TALP document: the layout follows from `dlbVersion`,
// each region comes from its summary record, refined by its per-process records when the file has
// them, and the metrics are recomputed by tally::model from the raw times.
#include "analysis/ingest/talp/talp.hpp"

#include "analysis/ingest/talp/talp_document.hpp"
#include "analysis/ingest/talp/talp_fields.hpp"
#include "analysis/ingest/talp/talp_processes.hpp"
#include "analysis/ingest/talp/talp_run_info.hpp"
#include "analysis/ingest/talp/talp_summary.hpp"

#include "tally/model/resource_label.hpp"
#include "tally/model/version.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

namespace tally::analysis::ingest::talp {
namespace {

using namespace talp;

std::optional<Layout> layout_of(const TalpDocument& document, FieldReader& reader) {
  const auto version = reader.string_member(document.top, Pointer(), "dlbVersion", Need::required);
  if (!version) return std::nullopt;
  int major = 0;
  int minor = 0;
  // "3.7.0+63-9d67", "3.5.1", and "3.5a" of development builds: only major.minor matters.
  if (std::sscanf(version->c_str(), "%d.%d", &major, &minor) != 2) {
    reader.fail(Pointer("/dlbVersion"), "expected a DLB version like 3.7.0, got \"" + *version + "\"");
    return std::nullopt;
  }
  if (major < 3 || (major == 3 && minor < 4)) {
    reader.fail(Pointer("/dlbVersion"),
                "DLB " + *version + " is older than 3.4, the first DLB whose TALP files tally imports");
    return std::nullopt;
  }
  if (major == 3 && minor == 4) return Layout::pop_raw;
  if (major == 3 && minor == 5) return Layout::useful_normalised;
  return Layout::mpi_normalised; // 3.6, 3.7, and later ones until a change of layout shows up
}

std::vector<RegionSummary> read_summaries(const TalpDocument& document, Layout layout, FieldReader& reader) {
  std::vector<RegionSummary> out;
  const Pointer root;
  if (layout == Layout::pop_raw) {
    if (!document.pop_raw) {
      reader.fail(root / "popRaw", "missing required field; DLB 3.4 writes raw times only when run with "
                                   "--talp-summary=pop-metrics:pop-raw, and rounded efficiencies cannot be recomputed");
      return out;
    }
    if (!reader.expect_array(document.pop_raw->kind, root / "popRaw")) return out;
    const std::vector<Element>& records = document.pop_raw->elements;
    out.reserve(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      if (auto summary = read_region_summary(records[i], root / "popRaw" / i, "", layout, reader)) {
        out.push_back(std::move(*summary));
      }
    }
  } else {
    // Development builds of DLB 3.5, which talp-pages reads, called the section "popMetrics".
    const bool renamed = !document.application && document.pop_metrics;
    const std::string key = renamed ? "popMetrics" : "Application";
    const std::optional<ElementMap>& records = renamed ? document.pop_metrics : document.application;
    if (!records) {
      reader.fail(root / key, "missing required field");
    } else if (reader.expect_object(records->kind, root / key)) {
      out.reserve(records->members.size());
      for (const auto& [name, record] : records->members) {
        if (auto summary = read_region_summary(record, root / key / name, name, layout, reader)) {
          out.push_back(std::move(*summary));
        }
      }
    }
  }
  std::set<std::string> names;
  for (const RegionSummary& summary : out) {
    if (!names.insert(summary.region.name).second) {
      reader.fail(root, "region \"" + summary.region.name + "\" appears twice");
    }
  }
  // The whole run first, as in the profiler's documents; the others stay in name order (a
  // parsed tree's). Rotated, not partitioned: only the regions before it move, without a buffer.
  const auto global =
      std::find_if(out.begin(), out.end(), [](const auto& summary) { return summary.region.name == "Global"; });
  if (global != out.end()) std::rotate(out.begin(), global, global + 1);
  return out;
}

/// The per-process records of a region: "Process"/<name> (DLB 3.5 and later) or the element of the
/// "region" array with that name (DLB 3.4 and development builds of 3.5).
const ElementList* process_records(const TalpDocument& document, const std::string& name, Pointer& at) {
  if (document.process && document.process->kind.is_object()) {
    if (const auto records = document.process->regions.find(name); records != document.process->regions.end()) {
      at = Pointer() / "Process" / name;
      return &records->second;
    }
  }
  for (std::size_t i = 0; i < document.regions.size(); ++i) {
    const RegionElement& region = document.regions[i];
    const Json* region_name = region.element.record.find("name");
    if (region.element.kind.is_object() && region_name && *region_name == name && region.process) {
      at = Pointer() / "region" / i / "process";
      return &*region.process;
    }
  }
  return nullptr;
}

model::Resources read_resources(const TalpDocument& document, const RegionSummary& global, FieldReader& reader) {
  const model::RegionRaw& raw = global.region.raw;
  model::Resources out{raw.nodes, raw.processes, raw.threads_per_process, global.gpus, {}};
  const Pointer at = Pointer() / "resources";
  // DLB 3.5 and later write the resources; the whole run's region holds them too.
  if (!document.resources || !reader.expect_object(document.resources->kind, at)) return out;
  const Record* resources = &document.resources->record;
  const auto cpus = reader.count(*resources, at, "numCpus", Need::required).value_or(0);
  out.ranks = std::max<std::uint64_t>(reader.count(*resources, at, "numMpiRanks", Need::required).value_or(0), 1);
  out.threads_per_rank = std::max<std::uint64_t>((cpus + out.ranks / 2) / out.ranks, 1);
  out.nodes = reader.count(*resources, at, "numNodes", Need::required).value_or(0);
  // DLB 3.6 sometimes leaves numGpus out of the resources; the whole run's region has it.
  out.gpus = reader.count(*resources, at, "numGpus", Need::optional).value_or(global.gpus);
  return out;
}

model::ReadResult import_document(const TalpDocument& document, const std::string& file,
                                  const TalpImportOptions& options) {
  model::Problems problems;
  FieldReader reader(file, problems);
  const auto layout = layout_of(document, reader);
  const auto timestamp = reader.string_member(document.top, Pointer(), "timestamp", Need::required);
  const auto end_time = timestamp ? timestamp_as_utc(*timestamp) : std::nullopt;
  if (timestamp && !end_time) {
    reader.fail(Pointer("/timestamp"), "expected a time like 2026-11-21T23:52:18, got \"" + *timestamp + "\"");
  }
  if (!layout) return problems;

  std::vector<RegionSummary> summaries = read_summaries(document, *layout, reader);
  std::vector<std::string> hosts;
  for (RegionSummary& summary : summaries) {
    Pointer at;
    const ElementList* records = process_records(document, summary.talp_name, at);
    if (!records) continue;
    if (!records->kind.is_array()) {
      reader.fail(at, "expected an array of processes, got " + model::describe_type(records->kind));
      continue;
    }
    const std::vector<ProcessRecord> processes = read_process_records(*records, at, document.node_of_pid, reader);
    apply_process_records(processes, summary);
    if (&summary != &summaries.front()) continue;
    // The hosts of the whole run are those of its first region, Global, in rank order.
    for (const ProcessRecord& process : processes) {
      if (!process.host.empty() && std::find(hosts.begin(), hosts.end(), process.host) == hosts.end()) {
        hosts.push_back(process.host);
      }
    }
  }
  if (summaries.empty() && problems.empty()) reader.fail(Pointer(), "no regions in this TALP document");
  if (!problems.empty()) return problems;

  model::RunDocument out;
  out.tally_version = model::tally_version;
  out.source = read_metadata(document.metadata, reader);
  out.resources = read_resources(document, summaries.front(), reader);
  out.resources.hosts = hosts;
  if (!problems.empty()) return problems;
  out.run.id = imported_run_id(file, *end_time, document.bytes_hash);
  out.run.experiment = options.experiment;
  out.run.label = model::resource_label(out.resources); // the profiler's default label
  // TALP writes its timestamp when the run ends; the whole run's region tells how long it lasted.
  out.run.start_time = utc_minus(*end_time, summaries.front().region.raw.elapsed_ns);
  out.run.end_time = *end_time;
  const bool counters = std::any_of(summaries.begin(), summaries.end(),
                                    [](const auto& summary) { return summary.region.raw.counters.has_value(); });
  // TALP records neither the machine, the MPI library nor the compiler.
  out.environment = {"unknown", "unknown", "", "unknown", counters, "dlb-talp"};
  // Sized once, here and for the summaries: a region is 0.8 kB, and a growing vector moved each
  // one about twice more, for every document.
  out.regions.reserve(summaries.size());
  for (RegionSummary& summary : summaries)
    out.regions.push_back(std::move(summary.region));
  return out;
}

} // namespace

std::optional<model::ReadResult> import_talp(std::string_view text, const std::string& file,
                                             const TalpImportOptions& options) {
  // Every TALP document holds the word; a tally document almost never does, and is not parsed here.
  if (text.find("\"dlbVersion\"") == std::string_view::npos) return std::nullopt;
  auto read = read_talp_document(text);
  if (std::holds_alternative<NotTalp>(read)) return std::nullopt;
  if (const auto* document = std::get_if<TalpDocument>(&read)) return import_document(*document, file, options);
  // Parsed again into a tree only to say what is wrong, in the words of every other document's problem.
  auto parsed = model::parse_json(text, file);
  if (auto* problems = std::get_if<model::Problems>(&parsed)) return std::move(*problems);
  return model::Problems{{file, "", "not valid JSON"}}; // the two parsers disagree: refused all the same
}

} // namespace tally::analysis::ingest::talp
