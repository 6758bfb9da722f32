// SPDX-License-Identifier: BSD-3-Clause
// Builds the per-region metric tree of a run. A metric hangs under its nearest ancestor that has a
// value (shown_parent), so the tree reads correctly when branches (OpenMP, device) are absent.
#include "tally/model/metric_report.hpp"

#include "tally/model/energy_units.hpp"
#include "tally/model/metric_format.hpp"
#include "tally/model/programming_model.hpp"
#include "tally/model/resource_label.hpp"
#include "tally/model/run_metrics.hpp"
#include "tally/model/visible_text.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace tally::model {
namespace {

nlohmann::ordered_json metric_node(MetricId id, const MetricValues& values) {
  const MetricInfo& info = metric_info(id);
  nlohmann::ordered_json node{
      {"metric", std::string(info.key)}, {"name", std::string(info.display_name)}, {"value", *values.get(id)}};
  nlohmann::ordered_json children = nlohmann::ordered_json::array();
  for (const MetricInfo& child : metric_table()) {
    if (values.has(child.id) && shown_parent(child.id, values.present()) == id) {
      children.push_back(metric_node(child.id, values));
    }
  }
  if (!children.empty()) node["children"] = std::move(children);
  return node;
}

/// "12.50 J" with, when the region took time, " (125.0 W)": its average power over T.
std::string energy_text(std::uint64_t microjoules, std::uint64_t elapsed_ns) {
  char text[64];
  const std::optional<double> watts = average_watts(microjoules, elapsed_ns);
  if (watts) {
    std::snprintf(text, sizeof text, "%.2f J (%.1f W)", joules(microjoules), *watts);
  } else {
    std::snprintf(text, sizeof text, "%.2f J", joules(microjoules));
  }
  return text;
}

/// One line per domain of a region's energy, after its metrics.
void write_energy_lines(std::ostream& out, const Region& region, int name_width) {
  if (!region.energy) return;
  for (const auto& [domain, microjoules] : region.energy->domains_uj) {
    const std::string label = "  Energy, " + domain + " (" + region.energy->source + ")";
    out << label << std::string(static_cast<std::size_t>(std::max(1, name_width - static_cast<int>(label.size()))), ' ')
        << energy_text(microjoules, region.raw.elapsed_ns) << '\n';
  }
}

nlohmann::ordered_json energy_json(const Region& region) {
  nlohmann::ordered_json domains = nlohmann::ordered_json::object();
  for (const auto& [domain, microjoules] : region.energy->domains_uj) {
    domains[domain] = {{"joules", joules(microjoules)}};
    if (const auto watts = average_watts(microjoules, region.raw.elapsed_ns)) domains[domain]["watts"] = *watts;
  }
  return {{"source", region.energy->source}, {"domains", std::move(domains)}};
}

} // namespace

std::string metric_report_text(const RunDocument& document) {
  constexpr int name_width = 44;
  std::ostringstream out;
  out << "experiment " << visible_text(document.run.experiment) << " · label " << visible_text(document.run.label);
  // The default label is the resources themselves: said once.
  if (const std::string resources = resource_label(document.resources); resources != document.run.label)
    out << " · " << resources;
  out << '\n';
  if (const auto& energy = document.environment.energy; energy && !energy->available)
    out << "energy not measured: " << visible_text(energy->reason) << '\n';
  for (const Region& region : document.regions) {
    const MetricValues values = compute_run_metrics(region.raw);
    const MetricSet shown = values.present();
    out << "\nRegion " << visible_text(region.name) << " (" << region.visits
        << (region.visits == 1 ? " visit" : " visits") << ")";
    if (const auto model = gpu_programming_model(region.raw)) out << " · GPU: " << *model;
    out << '\n';
    for (const MetricInfo& metric : metric_table()) {
      const auto value = values.get(metric.id);
      if (!value) continue;
      const std::string label = std::string(static_cast<std::size_t>(2 + 2 * shown_depth(metric.id, shown)), ' ') +
                                std::string(metric.display_name);
      out << label;
      const int padding = name_width - static_cast<int>(label.size());
      out << std::string(static_cast<std::size_t>(padding > 1 ? padding : 1), ' ') << format_metric(metric.id, *value)
          << '\n';
    }
    write_energy_lines(out, region, name_width);
  }
  return out.str();
}

nlohmann::ordered_json metric_report_json(const RunDocument& document) {
  nlohmann::ordered_json regions = nlohmann::ordered_json::array();
  for (const Region& region : document.regions) {
    const MetricValues values = compute_run_metrics(region.raw);
    nlohmann::ordered_json tree = nlohmann::ordered_json::array();
    for (const MetricInfo& metric : metric_table()) {
      if (values.has(metric.id) && !shown_parent(metric.id, values.present())) {
        tree.push_back(metric_node(metric.id, values));
      }
    }
    nlohmann::ordered_json entry{{"name", region.name}, {"visits", region.visits}, {"metrics", std::move(tree)}};
    if (const auto model = gpu_programming_model(region.raw)) entry["gpu_programming_model"] = *model;
    if (region.energy) entry["energy"] = energy_json(region);
    regions.push_back(std::move(entry));
  }
  return {{"experiment", document.run.experiment},
          {"label", document.run.label},
          {"resources", resource_label(document.resources)},
          {"regions", std::move(regions)}};
}

} // namespace tally::model
