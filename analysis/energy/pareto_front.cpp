// SPDX-License-Identifier: BSD-3-Clause
// The Pareto front (pareto_front.hpp): one sweep by increasing time, keeping a point when it uses
// less energy than every faster point.
#include "analysis/energy/pareto_front.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tally::analysis::energy {
namespace {

bool measurable(const TimeEnergyPoint& point) {
  return std::isfinite(point.seconds) && std::isfinite(point.joules) && point.seconds >= 0 && point.joules >= 0;
}

} // namespace

ParetoFront pareto_front(std::span<const TimeEnergyPoint> points) {
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::erase_if(order, [&](std::size_t i) { return !measurable(points[i]); });
  // Equal times: the point with less energy first, so that it dominates the others.
  std::ranges::stable_sort(order, [&](std::size_t a, std::size_t b) {
    return points[a].seconds != points[b].seconds ? points[a].seconds < points[b].seconds
                                                  : points[a].joules < points[b].joules;
  });
  ParetoFront front;
  for (const std::size_t i : order) {
    if (!front.members.empty()) {
      const TimeEnergyPoint& last = points[front.members.back()];
      const bool tie = points[i].seconds == last.seconds && points[i].joules == last.joules;
      if (!tie && points[i].joules >= last.joules) {
        front.dominated.push_back(i);
        continue;
      }
    }
    front.members.push_back(i);
  }
  if (front.empty()) return front;
  front.fastest = front.members.front();
  // Energy falls along the front; the least-energy end is the first member of the last tie.
  auto end = front.members.rbegin();
  while (std::next(end) != front.members.rend() && points[*std::next(end)].joules == points[*end].joules)
    ++end;
  front.least_energy = *end;
  return front;
}

} // namespace tally::analysis::energy
