// SPDX-License-Identifier: BSD-3-Clause
// Chart inputs shared by the unit tests and the sample writer whose output python3 parses.
#pragma once

#include "pages/svg_chart.hpp"
#include "tally/model/metric_format.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace tally::pages::samples {

struct SampleChart {
  ChartAxis axis;
  std::vector<ChartSeries> series;
  ChartOptions options;
};

inline ChartAxis numbered_commits(std::size_t count) {
  ChartAxis axis;
  for (std::size_t i = 0; i < count; ++i) {
    char sha[16];
    std::snprintf(sha, sizeof sha, "%07zx", 0xabc0000 + i);
    axis.commit_labels.emplace_back(sha);
    axis.commit_titles.push_back("Commit number " + std::to_string(i));
  }
  return axis;
}

/// Every string a user controls carries markup, quotes and ampersands.
inline SampleChart hostile_chart() {
  SampleChart chart;
  chart.axis.commit_labels = {"<script>alert(1)</script>", "a\"b'c&d", "e>f"};
  chart.axis.commit_titles = {"Fix <b>bold</b> & \"quotes\" 'too'", "</text></svg><script>x()</script>", ""};
  chart.series = {{"<script>alert(1)</script>", 0, {{0, {0.5, 0.6}, {}}, {1, {0.7}, {}}, {2, {0.8}, {}}}},
                  {"rank\"s' & <nodes>", 1, {{0, {0.4}, {}}, {2, {0.3}, {}}}}};
  chart.options.title = "Efficiency of <region> \"halo\" & 'compute'";
  chart.options.y_label = "<y> & \"label\"";
  chart.options.efficiency = true;
  chart.options.format = [](double v) { return "<" + std::to_string(v) + "&>"; };
  chart.options.marks = {{ChartMark::Kind::change_point, 1, 1, "<script>alert(1)</script> & \"moved\""},
                         {ChartMark::Kind::regression, 2, 0, "</title></path><script>x()</script>"}};
  return chart;
}

/// Five hundred commits, three configurations, a few gaps and repetitions.
inline SampleChart long_history_chart() {
  SampleChart chart;
  chart.axis = numbered_commits(500);
  for (std::size_t config = 0; config < 3; ++config) {
    ChartSeries series{std::to_string(1 << config) + " nodes · 8 ranks × 4 threads", config, {}};
    for (std::size_t i = 0; i < 500; ++i) {
      if ((i + config) % 37 == 0) continue; // a commit without a run of this configuration
      const double base = 1.0e9 * (1.0 + 0.1 * static_cast<double>(config)) + 1.0e6 * static_cast<double>(i % 17);
      series.points.push_back({i, {base, base * 1.01, base * 0.99}, {}});
    }
    chart.series.push_back(std::move(series));
  }
  chart.options.title = "Elapsed time · strong-scaling · solve";
  chart.options.y_label = "elapsed time";
  chart.options.format = [](double ns) { return tally::model::format_duration_ns(ns); };
  return chart;
}

/// Twelve configurations, so colours repeat with other markers and dashes.
inline SampleChart many_configurations_chart() {
  SampleChart chart;
  chart.axis = numbered_commits(6);
  for (std::size_t config = 0; config < 12; ++config) {
    ChartSeries series{std::to_string(config + 1) + " ranks", config, {}};
    for (std::size_t i = 0; i < 6; ++i) {
      series.points.push_back({i, {0.05 + 0.07 * static_cast<double>(config) + 0.01 * static_cast<double>(i)}, {}});
    }
    chart.series.push_back(std::move(series));
  }
  chart.options.title = "Parallel efficiency";
  chart.options.efficiency = true;
  return chart;
}

/// Branch-name-like commit labels too long to stand upright, and runs missing here and there.
inline SampleChart gaps_and_long_labels_chart() {
  SampleChart chart;
  chart.axis = numbered_commits(120);
  for (std::string& label : chart.axis.commit_labels)
    label = "release-" + label;
  ChartSeries series{"1 node · 4 ranks × 2 threads", 0, {}};
  for (std::size_t i = 0; i < 120; ++i) {
    if (i % 25 < 3) continue;
    series.points.push_back({i, {0.6 + 0.002 * static_cast<double>(i), 0.62 + 0.002 * static_cast<double>(i)}, {}});
  }
  chart.series.push_back(std::move(series));
  chart.options.title = "MPI load balance";
  chart.options.y_label = "efficiency";
  chart.options.efficiency = true;
  return chart;
}

inline std::string render(const SampleChart& chart) {
  return render_evolution_chart(chart.axis, chart.series, chart.options);
}

} // namespace tally::pages::samples
