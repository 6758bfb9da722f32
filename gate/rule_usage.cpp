// SPDX-License-Identifier: BSD-3-Clause
// What the runs offered is read back from the comparison itself: the regions of its checks, count
// changes and one-sided regions, and the metrics their medians hold (a check's medians hold every
// metric the region's runs could compute, checked or not).
#include "gate/rule_usage.hpp"

#include <set>

namespace tally::gate {
namespace {

/// The regions, metrics and counts the compared runs had.
struct Offered {
  std::set<std::string> regions;
  std::set<std::pair<std::string, model::MetricId>> metrics; ///< (region, metric) computed on either side
  bool counts = false;                                       ///< some cell's counts were measured on both sides
};

Offered offered_by(const GateResult& result) {
  Offered out;
  for (const Check& check : result.checks) {
    out.regions.insert(check.region);
    for (const model::MetricInfo& info : model::metric_table()) {
      if (check.baseline_medians.has(info.id) || check.candidate_medians.has(info.id))
        out.metrics.insert({check.region, info.id});
    }
  }
  for (const auto* list : {&result.new_regions, &result.removed_regions}) {
    for (const OneSided& region : *list)
      out.regions.insert(region.region);
  }
  out.counts = !result.counted_cells.empty();
  return out;
}

std::string name_of(const std::string& place, const std::string& metrics, const std::string& regions) {
  return place + " (metrics \"" + metrics + "\", regions \"" + regions + "\")";
}

/// Why a rule or waiver with these patterns checks nothing; empty when some check used it.
std::string why_unused(const std::string& metrics, const std::string& regions, const Offered& offered) {
  std::vector<model::MetricId> named;
  for (const model::MetricInfo& info : model::metric_table()) {
    if (glob_matches(metrics, info.key)) named.push_back(info.id);
  }
  bool names_count = false;
  for (const std::string& count : count_names())
    names_count = names_count || glob_matches(metrics, count);
  if (named.empty() && !names_count)
    return "no metric or count is called so (tally gate's metric keys and count names)";
  std::set<std::string> regions_matched;
  for (const std::string& region : offered.regions) {
    if (glob_matches(regions, region)) regions_matched.insert(region);
  }
  if (offered.regions.empty()) return "";
  if (regions_matched.empty()) return "no region of the compared runs is called so";
  for (const model::MetricId metric : named) {
    for (const std::string& region : regions_matched) {
      if (offered.metrics.contains({region, metric})) return "";
    }
  }
  if (names_count && offered.counts) return "";
  std::string list;
  for (std::size_t i = 0; i < named.size() && i < 3; ++i)
    list += (i ? ", " : "") + std::string(model::metric_info(named[i]).key);
  if (names_count) list += std::string(list.empty() ? "" : ", ") + "counts";
  return "no run compared here can compute what it names (" + list +
         "; scalability needs two configurations, IPC and frequency need counters, energy_j energy of one source "
         "on both sides)";
}

/// Why a rule's tolerance never applies: percentage points are for efficiencies, percent for the rest.
std::string why_tolerance_unused(const RuleOverride& rule) {
  bool efficiency = false, other = false;
  for (const model::MetricInfo& info : model::metric_table()) {
    if (!glob_matches(rule.metrics, info.key)) continue;
    (info.kind == model::MetricKind::efficiency ? efficiency : other) = true;
  }
  for (const std::string& count : count_names())
    other = other || glob_matches(rule.metrics, count);
  if (rule.tolerance_pp && !efficiency && other)
    return "tolerance_pp applies to efficiencies only, and it names none: use tolerance_percent";
  if (rule.tolerance_percent && !other && efficiency)
    return "tolerance_percent applies to times, ratios and counts, and it names only efficiencies: use tolerance_pp";
  return "";
}

} // namespace

std::vector<std::string> unused_rules(const GateConfig& config, const GateResult& result) {
  std::vector<std::string> out;
  // Without rules or waivers there is nothing to report, and what the checks offered is not read:
  // the site gates its newest commits with the default rules, tens of thousands of checks each.
  if (config.rules.empty() && config.waivers.empty()) return out;
  const Offered offered = offered_by(result);
  for (std::size_t i = 0; i < config.rules.size(); ++i) {
    const RuleOverride& rule = config.rules[i];
    const std::string name = name_of("/rules/" + std::to_string(i), rule.metrics, rule.regions);
    for (const std::string& why : {why_unused(rule.metrics, rule.regions, offered), why_tolerance_unused(rule)}) {
      if (!why.empty()) out.push_back(name + ": " + why);
    }
  }
  for (std::size_t i = 0; i < config.waivers.size(); ++i) {
    const Waiver& waiver = config.waivers[i];
    const std::string why = why_unused(waiver.metric, waiver.region, offered);
    if (!why.empty())
      out.push_back(name_of("/waivers/" + std::to_string(i), waiver.metric, waiver.region) + ": " + why);
  }
  return out;
}

} // namespace tally::gate
