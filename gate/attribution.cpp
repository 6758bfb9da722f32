// SPDX-License-Identifier: BSD-3-Clause
// Log-share attribution over the metric tree of the model (never a formula of our own: only
// the identities the model guarantees, parent = product of children).
#include "gate/attribution.hpp"

#include "tally/model/metric_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tally::gate {
namespace {

using model::MetricId;

/// log(candidate / baseline) of a metric present and positive on both sides.
std::optional<double> log_ratio(MetricId metric, const model::MetricValues& baseline,
                                const model::MetricValues& candidate) {
  const auto b = baseline.get(metric);
  const auto c = candidate.get(metric);
  if (!b || !c || *b <= 0 || *c <= 0) return std::nullopt;
  return std::log(*c / *b);
}

/// Appends the children of `parent` with shares of `parent_share`, then their own children.
void split_tree(MetricId parent, double parent_share, int depth, const model::MetricValues& baseline,
                const model::MetricValues& candidate, std::vector<Contribution>& out) {
  std::vector<std::pair<MetricId, double>> children;
  double total = 0;
  for (const model::MetricInfo& info : model::metric_table()) {
    if (info.parent != parent) continue;
    if (const auto change = log_ratio(info.id, baseline, candidate)) {
      children.emplace_back(info.id, *change);
      total += *change;
    }
  }
  if (children.empty() || total == 0) return;
  for (const auto& [child, change] : children) {
    const double share = parent_share * change / total;
    out.push_back({std::string(model::metric_info(child).display_name), depth, share});
    split_tree(child, share, depth + 1, baseline, candidate, out);
  }
}

std::vector<Contribution> split_elapsed(const model::MetricValues& baseline, const model::MetricValues& candidate) {
  const auto elapsed = log_ratio(MetricId::elapsed_ns, baseline, candidate);
  const auto parallel = log_ratio(MetricId::parallel_efficiency, baseline, candidate);
  if (!elapsed || !parallel || *elapsed == 0) return {};
  const double useful = *elapsed + *parallel;
  // In pre-order: parallel efficiency and its factors, then computation and its factors.
  std::vector<Contribution> out{{"parallel efficiency", 1, -*parallel / *elapsed}};
  split_tree(MetricId::parallel_efficiency, out[0].share, 2, baseline, candidate, out);
  const std::size_t computation = out.size();
  out.push_back({"computation (useful time)", 1, useful / *elapsed});
  const auto instructions = log_ratio(MetricId::useful_instructions, baseline, candidate);
  const auto ipc = log_ratio(MetricId::useful_ipc, baseline, candidate);
  const auto frequency = log_ratio(MetricId::useful_frequency_ghz, baseline, candidate);
  if (instructions && ipc && frequency) {
    const double total = *instructions - *ipc - *frequency; // equals `useful` for one repetition a side
    if (total != 0) {
      const double share = out[computation].share;
      out.push_back({"instructions", 2, share * *instructions / total});
      out.push_back({"IPC", 2, share * -*ipc / total});
      out.push_back({"frequency", 2, share * -*frequency / total});
    }
  }
  return out;
}

/// Energy is elapsed time × average power: log r_E = log r_T + log r_P.
std::vector<Contribution> split_energy(const model::MetricValues& baseline, const model::MetricValues& candidate) {
  const auto energy = log_ratio(MetricId::energy_j, baseline, candidate);
  const auto elapsed = log_ratio(MetricId::elapsed_ns, baseline, candidate);
  if (!energy || !elapsed || *energy == 0) return {};
  return {{"elapsed time", 1, *elapsed / *energy}, {"average power", 1, (*energy - *elapsed) / *energy}};
}

} // namespace

std::string share_text(double share) {
  const double rounded = std::round(100.0 * share) + 0.0; // + 0.0 turns −0 into 0
  char text[32];
  std::snprintf(text, sizeof text, "%.0f%%", std::abs(rounded));
  return (rounded < 0 ? "\u2212" : "") + std::string(text);
}

namespace {

std::string signed_number(double value, const char* unit) {
  char text[48];
  std::snprintf(text, sizeof text, "%.1f %s", std::abs(value), unit);
  return (value < 0 ? "\u2212" : "+") + std::string(text);
}

} // namespace

std::vector<Contribution> attribute(MetricId metric, const model::MetricValues& baseline,
                                    const model::MetricValues& candidate) {
  if (metric == MetricId::elapsed_ns) return split_elapsed(baseline, candidate);
  if (metric == MetricId::energy_j) return split_energy(baseline, candidate);
  std::vector<Contribution> out;
  if (model::is_product_of_children(metric)) split_tree(metric, 1.0, 1, baseline, candidate, out);
  return out;
}

std::string metric_in_text(MetricId metric) {
  const std::string_view name = model::metric_info(metric).display_name;
  std::string out(name);
  if (!out.empty() && !name.starts_with("MPI") && !name.starts_with("IPC"))
    out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  return out;
}

std::string change_text(const Check& check) {
  const std::string basis = check.energy_basis.empty() ? "" : " (" + check.energy_basis + ")";
  return metric_in_text(check.metric) + basis + " " + model::format_metric(check.metric, check.result.baseline_median) +
         " \u2192 " + model::format_metric(check.metric, check.result.candidate_median) + " (" +
         signed_number(check.result.change, check.rule.tolerance_in_pp ? "pp" : "%") + ")";
}

std::string describe(const Check& check) {
  std::string out = check.region + " @ " + check.configuration.label() + ": " + change_text(check);
  const std::vector<Contribution> parts = attribute(check.metric, check.baseline_medians, check.candidate_medians);
  std::string separator = "; ";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].depth != 1) continue;
    out += separator + share_text(parts[i].share) + " from " + parts[i].name;
    separator = ", ";
    std::string inner;
    for (std::size_t j = i + 1; j < parts.size() && parts[j].depth > 1; ++j) {
      if (parts[j].depth == 2) inner += (inner.empty() ? "" : ", ") + share_text(parts[j].share) + " " + parts[j].name;
    }
    if (!inner.empty()) out += " (" + inner + ")";
  }
  return out;
}

std::string spent_in_text(const Check& check, const std::vector<Check>& checks) {
  const double change = check.result.candidate_median - check.result.baseline_median;
  if (change == 0) return "";
  std::vector<std::pair<double, const Check*>> inner; // each region's part of the change, largest first
  for (const Check& other : checks) {
    if (other.metric != check.metric || other.experiment != check.experiment ||
        other.configuration != check.configuration || other.parent != check.region)
      continue;
    const double part = (other.result.candidate_median - other.result.baseline_median) / change;
    if (part > 0) inner.emplace_back(part, &other);
  }
  std::sort(inner.begin(), inner.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string out;
  double named = 0;
  for (std::size_t i = 0; i < inner.size() && i < spent_in_most && named < 0.5; ++i) {
    const Check& region = *inner[i].second;
    out += (out.empty() ? "spent in " : ", ") + region.region + " (" +
           signed_number(region.result.candidate_median - region.result.baseline_median, "J") + ", " +
           share_text(inner[i].first) + ")";
    named += inner[i].first;
  }
  return out;
}

} // namespace tally::gate
