// SPDX-License-Identifier: BSD-3-Clause
// Typed reads of the members of a DLB TALP document's records that collect problems (`file:
// /json/pointer: message`, the model's format) instead of throwing: the model's JsonChecker, plus
// TALP's numbers.
#pragma once

#include "analysis/ingest/talp/talp_record.hpp"

#include "tally/model/json_checker.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tally::analysis::ingest::talp {

using Json = model::Json;
using Pointer = model::Pointer;
using Need = model::Presence;

/// The model's checked access to values, applied to the members of Records, plus the lenient
/// numbers TALP writes.
class FieldReader : public model::JsonChecker {
public:
  using model::JsonChecker::JsonChecker;

  /// The member `key` of `record`, reporting it when required and missing.
  const Json* member(const Record& record, const Pointer& at, std::string_view key, Need need);
  std::optional<std::string> string_member(const Record& record, const Pointer& at, std::string_view key, Need need);
  std::optional<bool> bool_member(const Record& record, const Pointer& at, std::string_view key, Need need);
  /// A finite non-negative number. TALP prints times as integers but normalised times with "%.0f",
  /// and hand-edited files for talp-pages write integers as 2.00, so both forms are read.
  std::optional<double> number(const Record& record, const Pointer& at, std::string_view key, Need need);
  /// A non-negative whole number, written with or without a zero fraction (TALP prints some as 2.0).
  std::optional<std::uint64_t> count(const Record& record, const Pointer& at, std::string_view key, Need need);
  /// A hardware counter total. A negative value is a failed PAPI read, which TALP itself
  /// sanitises to 0 from DLB 3.5 on: it reads as 0 ("not measured") instead of a problem.
  std::optional<std::uint64_t> counter(const Record& record, const Pointer& at, std::string_view key, Need need);
  /// Reports `kind`, what stood at `at`, unless it is an array.
  bool expect_array(const Json& kind, const Pointer& at);

private:
  /// The member `key` of `record` when present and of the type `has_type` tests, which messages call
  /// `expected` ("a string"); reports it when of another type, or required and missing.
  const Json* typed_member(const Record& record, const Pointer& at, std::string_view key, Need need,
                           bool (Json::*has_type)() const noexcept, std::string_view expected);
};

/// ceil(value) as a count of nanoseconds, 0 for negative values.
std::uint64_t ceil_ns(double value);

} // namespace tally::analysis::ingest::talp
