// SPDX-License-Identifier: BSD-3-Clause
// Where each region of a run document stands, by name: built once when a document is loaded, for
// find_region (run_document.hpp), which the site and the gate call for every region of every run.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace tally::model {

struct Region;

/// The positions of a document's regions by a hash of their names (open addressing). A hint that
/// is checked against the names on every use: a document copied, grown or renamed since it was
/// indexed is never given a wrong region.
class RegionIndex {
public:
  RegionIndex() = default;
  /// Indexes `regions` at their positions now; of two regions of one name, the first.
  explicit RegionIndex(const std::vector<Region>& regions);

  /// The region of `regions` named `name` at a position indexed for that name; nullptr when there
  /// is none (never indexed, or added or renamed since).
  const Region* find(const std::vector<Region>& regions, std::string_view name) const;

  /// Derived from the regions alone: two documents are equal whatever their indexes.
  bool operator==(const RegionIndex&) const { return true; }

private:
  static constexpr std::uint32_t empty = UINT32_MAX;
  struct Slot {
    std::uint32_t hash = 0;         ///< the low bits of the name's hash
    std::uint32_t position = empty; ///< in the regions; `empty` for a free slot
  };
  std::vector<Slot> slots_; ///< a power of two, at least twice the regions: probes stay short
};

} // namespace tally::model
