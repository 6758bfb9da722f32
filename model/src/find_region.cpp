// SPDX-License-Identifier: BSD-3-Clause
// Finding a region of a run by name: through the document's own index when it has one (built once
// when loaded, so that a lookup hashes the name once and compares it once), else by a search.
#include "tally/model/region_index.hpp"
#include "tally/model/run_document.hpp"

#include <bit>
#include <cstddef>
#include <functional>

namespace tally::model {
namespace {

std::uint32_t name_hash(std::string_view name) {
  return static_cast<std::uint32_t>(std::hash<std::string_view>{}(name));
}

} // namespace

RegionIndex::RegionIndex(const std::vector<Region>& regions)
    : slots_(regions.empty() ? 0 : std::bit_ceil(2 * regions.size())) {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t position = 0; position < regions.size(); ++position) {
    const std::string& name = regions[position].name;
    const std::uint32_t hash = name_hash(name);
    for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
      if (slots_[slot].position == empty) {
        slots_[slot] = {hash, static_cast<std::uint32_t>(position)};
        break;
      }
      if (slots_[slot].hash == hash && regions[slots_[slot].position].name == name) break; // a later namesake
    }
  }
}

const Region* RegionIndex::find(const std::vector<Region>& regions, std::string_view name) const {
  if (slots_.empty()) return nullptr;
  const std::size_t mask = slots_.size() - 1;
  const std::uint32_t hash = name_hash(name);
  for (std::size_t slot = hash & mask; slots_[slot].position != empty; slot = (slot + 1) & mask) {
    const Slot& at = slots_[slot];
    if (at.hash == hash && at.position < regions.size() && regions[at.position].name == name)
      return &regions[at.position];
  }
  return nullptr;
}

const Region* find_region(const RunDocument& document, std::string_view name) {
  if (const Region* found = document.region_index.find(document.regions, name)) return found;
  // Not indexed (a document built in memory), or grown or renamed since: every region is looked at.
  for (const Region& region : document.regions) {
    if (region.name == name) return &region;
  }
  return nullptr;
}

} // namespace tally::model
