// SPDX-License-Identifier: BSD-3-Clause
// Efficiency moves between the two newest commits with runs, per experiment.
#include "analysis/changes.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>

namespace tally::analysis {

std::vector<EfficiencyChange> biggest_changes(const std::vector<Experiment>& experiments, std::size_t limit) {
  std::vector<EfficiencyChange> out;
  for (const Experiment& experiment : experiments) {
    const std::vector<std::size_t> commits = experiment.commits();
    if (commits.size() < 2) continue;
    const std::size_t newest = commits.back();
    const std::size_t previous = commits[commits.size() - 2];
    for (const std::string& region : experiment.regions) {
      for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
        const Repetitions* before_runs = experiment.repetitions(previous, column);
        const Repetitions* after_runs = experiment.repetitions(newest, column);
        if (!before_runs || !after_runs) continue;
        const MetricSummaries before = summarize(repetition_metrics(*before_runs, region, nullptr, experiment.scaling));
        const MetricSummaries after = summarize(repetition_metrics(*after_runs, region, nullptr, experiment.scaling));
        for (const model::MetricInfo& metric : model::metric_table()) {
          if (metric.kind != model::MetricKind::efficiency || metric.scope != model::MetricScope::run) continue;
          const auto& b = before[static_cast<std::size_t>(metric.id)];
          const auto& a = after[static_cast<std::size_t>(metric.id)];
          if (!b || !a || b->median == a->median) continue;
          out.push_back({experiment.name, region, column, metric.id, b->median, a->median});
        }
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const EfficiencyChange& x, const EfficiencyChange& y) {
    return std::fabs(x.after - x.before) > std::fabs(y.after - y.before);
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

} // namespace tally::analysis
