// SPDX-License-Identifier: BSD-3-Clause
// TASC's job classes (Matveev, Setyaev and Voevodin, 2025) adapted to one run's own timeline:
// the activity of a bucket is its useful share, "flat" is far below the run's typical activity,
// and a stable run stays near its mean. The thresholds are in the header and the README.
#include "tally/model/timeline_behaviour.hpp"

#include <algorithm>
#include <cmath>

namespace tally::model {
namespace {

double median(std::vector<double> values) {
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

bool is_stable(std::span<const double> activity) {
  double mean = 0;
  for (const double a : activity)
    mean += a;
  mean /= static_cast<double>(activity.size());
  std::size_t in_band = 0;
  double deviation = 0;
  for (const double a : activity) {
    in_band += std::fabs(a - mean) <= stable_band * mean ? 1 : 0;
    deviation += std::fabs(a - mean);
  }
  deviation /= static_cast<double>(activity.size());
  return static_cast<double>(in_band) >= stable_share_in_band * static_cast<double>(activity.size()) &&
         deviation <= stable_mean_deviation * mean;
}

} // namespace

std::vector<double> bucket_activity(const Timeline& timeline) {
  // The arrays have one length in every document read; a timeline built otherwise is cut to the shortest.
  const std::size_t buckets = std::min(
      {timeline.useful_ns.size(), timeline.mpi_ns.size(), timeline.offload_ns.size(), timeline.openmp_ns.size()});
  std::vector<double> out;
  for (std::size_t bucket = 0; bucket < buckets; ++bucket) {
    const double useful = static_cast<double>(timeline.useful_ns[bucket]);
    const double measured = useful + static_cast<double>(timeline.mpi_ns[bucket]) +
                            static_cast<double>(timeline.offload_ns[bucket]) +
                            static_cast<double>(timeline.openmp_ns[bucket]);
    out.push_back(measured > 0 ? useful / measured : 0.0);
  }
  return out;
}

std::optional<Behaviour> timeline_behaviour(const Timeline& timeline) {
  std::vector<double> activity = bucket_activity(timeline);
  if (!activity.empty()) activity.pop_back(); // the last bucket is partly filled
  if (activity.size() < behaviour_min_buckets) return std::nullopt;
  const std::size_t warm_up = (activity.size() + warm_up_divisor - 1) / warm_up_divisor;
  const std::span<const double> after_warm_up = std::span(activity).subspan(warm_up);
  const double low_below = low_activity_share * median({after_warm_up.begin(), after_warm_up.end()});

  bool cold_start = false;
  bool stall = false;
  for (std::size_t begin = 0; begin < activity.size();) {
    if (activity[begin] >= low_below) {
      ++begin;
      continue;
    }
    std::size_t end = begin;
    while (end < activity.size() && activity[end] < low_below)
      ++end;
    // A low phase that opens the run counts only for what it lasts beyond the warm-up.
    if (begin < warm_up) {
      cold_start = cold_start || end >= warm_up + low_phase_min_buckets;
    } else {
      stall = stall || end - begin >= low_phase_min_buckets;
    }
    begin = end;
  }
  // A stall outranks a cold start: it is the news when a run known to start cold stalls too.
  if (stall) return Behaviour::stall;
  if (cold_start) return Behaviour::cold_start;
  return is_stable(after_warm_up) ? Behaviour::stable : Behaviour::varying;
}

std::vector<std::string> idle_nodes(std::span<const std::string> hosts, std::span<const std::uint64_t> busy_ns) {
  const std::uint64_t busiest = busy_ns.empty() ? 0 : *std::max_element(busy_ns.begin(), busy_ns.end());
  std::vector<std::string> out;
  for (std::size_t node = 0; node < hosts.size() && node < busy_ns.size(); ++node) {
    // busy < busiest / 2, without the rounding of the division
    if (busy_ns[node] < busiest - busy_ns[node]) out.push_back(hosts[node]);
  }
  return out;
}

} // namespace tally::model
