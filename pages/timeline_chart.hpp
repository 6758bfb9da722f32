// SPDX-License-Identifier: BSD-3-Clause
// The run page's timeline chart: where the time of every thread of every rank went, bucket by
// bucket, as shares stacked over seconds from the run's start.
#pragma once

#include "tally/model/run_timeline.hpp"

#include <string>

namespace tally::pages {

/// Where the plot sits in the chart's SVG units; the chart is drawn at this size.
struct TimelinePlot {
  static constexpr double left = 40, right = 640, top = 10, bottom = 110;
  static constexpr double width = 660, height = 170;
};

/// The timeline as an inline SVG: per bucket, each state's share of the time the bucket holds
/// (useful at the bottom, then OpenMP, offload and MPI), one path per state that has time, a
/// bucket without time left blank. "" for a timeline without buckets.
std::string render_timeline_chart(const model::Timeline& timeline);

} // namespace tally::pages
