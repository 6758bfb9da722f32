// SPDX-License-Identifier: BSD-3-Clause
// One object of a DLB TALP document that the importer reads member by member (a region's summary, a
// process record, the resources, talp-pages' metadata), as the streaming reader keeps it: the value
// of each member the importer knows, in a fixed slot, without allocating for numbers.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tally::analysis::ingest::talp {

/// How many members of an object the importer reads (record_field() names them); the reader skips
/// any other.
inline constexpr std::size_t record_field_count = 45;

/// The slot of member `key` in a Record; nullopt for a member the importer does not read.
std::optional<std::size_t> record_field(std::string_view key);

/// The members of one object that the importer reads. A member holding an object or an array
/// keeps an empty one, which says its type in messages.
class Record {
public:
  /// The value of member `key`; nullptr when the object has no such member (or the importer never
  /// reads it).
  const nlohmann::json* find(std::string_view key) const;
  bool contains(std::string_view key) const { return find(key) != nullptr; }

  /// Sets the member of slot `field`; a later member of one name replaces an earlier one, as
  /// nlohmann/json's parsed tree does.
  void set(std::size_t field, nlohmann::json value);

private:
  std::uint64_t present_ = 0; ///< bit i: slot i holds a member
  std::array<nlohmann::json, record_field_count> values_;
};

} // namespace tally::analysis::ingest::talp
