// SPDX-License-Identifier: BSD-3-Clause
// The global name <-> handle table.
#include "core/region_registry.hpp"

#include <mutex>
#include <unordered_map>

namespace tally::profiler {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<std::string> names;
  std::unordered_map<std::string, RegionHandle> handles;
};

Registry& registry() {
  static auto* instance = new Registry(); // never destroyed: regions may be used during exit
  return *instance;
}

} // namespace

RegionHandle register_region(std::string_view name) {
  if (name.empty()) return -1;
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  const auto [entry, inserted] = r.handles.try_emplace(std::string(name), static_cast<RegionHandle>(r.names.size()));
  if (inserted) r.names.emplace_back(name);
  return entry->second;
}

std::vector<std::string> region_names() {
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  return r.names;
}

std::size_t region_count() {
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  return r.names.size();
}

} // namespace tally::profiler
