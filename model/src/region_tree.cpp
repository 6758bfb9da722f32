// SPDX-License-Identifier: BSD-3-Clause
// The parent rule of the region tree (region_tree.hpp).
#include "tally/model/region_tree.hpp"

#include <algorithm>
#include <map>

namespace tally::model {

RegionParents choose_parent(const std::vector<ParentTime>& times) {
  std::map<std::string, std::uint64_t> by_parent;
  for (const ParentTime& time : times)
    by_parent[time.parent] += time.elapsed_ns;
  std::vector<ParentTime> ordered;
  for (const auto& [parent, elapsed_ns] : by_parent)
    ordered.push_back({parent, elapsed_ns});
  // Stable on a map's name order: equal times keep the name that sorts first in front.
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const ParentTime& a, const ParentTime& b) { return a.elapsed_ns > b.elapsed_ns; });
  RegionParents out;
  for (const ParentTime& time : ordered) {
    if (!out.parent) {
      out.parent = time.parent;
    } else {
      out.others.push_back(time.parent);
    }
  }
  return out;
}

} // namespace tally::model
