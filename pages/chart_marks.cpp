// SPDX-License-Identifier: BSD-3-Clause
// Drawn after the series so that they stay visible, but thin and half transparent so that they
// never hide a median.
#include "pages/chart_marks.hpp"

#include "pages/color_scale.hpp"

#include "tally/model/metric_format.hpp"
#include "tally/model/xml_escape.hpp"

#include <algorithm>
#include <utility>

namespace tally::pages {
namespace {

/// The colour of the gate's regressions, as the site's "worse" text.
constexpr const char* regression_colour = "#c0392b";
constexpr double triangle_half_width = 4.0;

} // namespace

std::vector<ChartMark> chart_marks(model::MetricId metric, const std::vector<analysis::SeriesChangePoint>& shifts,
                                   const analysis::Experiment& experiment, const std::string& region,
                                   const analysis::history::CommitAxis& axis, const BranchVerdicts& verdicts) {
  std::vector<ChartMark> out;
  for (const analysis::SeriesChangePoint& shift : shifts) {
    if (shift.metric != metric) continue;
    out.push_back({ChartMark::Kind::change_point, shift.commit, shift.configuration,
                   "change point at " + axis.commits[shift.commit].short_sha + " · " +
                       experiment.configurations[shift.configuration].label() + ": " +
                       model::format_metric(metric, shift.before) + " → " + model::format_metric(metric, shift.after)});
  }
  for (const std::size_t commit : experiment.commits()) {
    if (commit >= verdicts.size() || !verdicts[commit]) continue;
    const gate::CommitVerdict& verdict = *verdicts[commit];
    // The first regression found in this region, or explaining one of it.
    const auto found =
        std::find_if(verdict.findings.begin(), verdict.findings.end(), [&](const gate::Finding& finding) {
          return finding.verdict == gate::Verdict::regression && finding.experiment == experiment.name &&
                 (finding.region == region ||
                  std::count(finding.explained_regions.begin(), finding.explained_regions.end(), region) > 0);
        });
    if (found == verdict.findings.end()) continue;
    out.push_back({ChartMark::Kind::regression, commit, 0,
                   "gate: regression at " + axis.commits[commit].short_sha + " against " +
                       axis.commits[verdict.baseline].short_sha + ": " + found->summary});
  }
  return out;
}

std::string draw_chart_marks(const ChartLayout& layout, const ChartOptions& options) {
  if (options.marks.empty()) return "";
  std::string out = "<g class=\"marks\">\n";
  for (const ChartMark& mark : options.marks) {
    if (mark.commit_index >= layout.commits) continue; // not on this chart's axis
    const double x = layout.x_of(mark.commit_index);
    const std::string title = "<title>" + model::xml_escape(mark.title) + "</title>";
    if (mark.kind == ChartMark::Kind::change_point) {
      // Half a band before the commit: the shift happened between it and the previous one.
      const double between = x - (layout.x_of(1) - layout.x_of(0)) / 2;
      out += "<line class=\"change-point\" x1=\"" + svg_number(between) + "\" y1=\"" + svg_number(layout.top) +
             "\" x2=\"" + svg_number(between) + "\" y2=\"" + svg_number(layout.bottom) + "\" stroke=\"" +
             std::string(series_style(mark.colour_index).colour) +
             "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\" stroke-opacity=\"0.7\">" + title + "</line>\n";
    } else {
      out += "<path class=\"regression\" d=\"M" + svg_number(x - triangle_half_width) + " " +
             svg_number(layout.top + 1) + "L" + svg_number(x + triangle_half_width) + " " + svg_number(layout.top + 1) +
             "L" + svg_number(x) + " " + svg_number(layout.top + 8) + "Z\" fill=\"" + regression_colour + "\">" +
             title + "</path>\n";
    }
  }
  return out + "</g>\n";
}

} // namespace tally::pages
