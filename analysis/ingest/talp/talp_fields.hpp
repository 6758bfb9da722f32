// SPDX-License-Identifier: BSD-3-Clause
// Typed reads of the members of a DLB TALP document that collect problems (`file: /json/pointer:
// message`, the model's format) instead of throwing: the model's JsonChecker, plus TALP's numbers.
#pragma once

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

/// The model's checked member access, plus the lenient numbers TALP writes.
class FieldReader : public model::JsonChecker {
public:
  using model::JsonChecker::JsonChecker;

  /// A finite non-negative number. TALP prints times as integers but normalised times with "%.0f",
  /// and hand-edited files for talp-pages write integers as 2.00, so both forms are read.
  std::optional<double> number(const Json& parent, const Pointer& at, std::string_view key, Need need);
  /// A non-negative whole number, written with or without a zero fraction (TALP prints some as 2.0).
  std::optional<std::uint64_t> count(const Json& parent, const Pointer& at, std::string_view key, Need need);
  /// A hardware counter total. A negative value is a failed PAPI read, which TALP itself
  /// sanitises to 0 from DLB 3.5 on: it reads as 0 ("not measured") instead of a problem.
  std::optional<std::uint64_t> counter(const Json& parent, const Pointer& at, std::string_view key, Need need);
};

/// ceil(value) as a count of nanoseconds, 0 for negative values.
std::uint64_t ceil_ns(double value);

} // namespace tally::analysis::ingest::talp
