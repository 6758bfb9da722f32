// SPDX-License-Identifier: BSD-3-Clause
// Typed access to the members of a JSON object that records, instead of throwing, what is
// missing or of the wrong type, each problem located by a JSON pointer. The run document reader
// uses it, and readers of other formats (the TALP importer) build on it.
#pragma once

#include "tally/model/document_io.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace tally::model {

using Json = nlohmann::json;
using Pointer = Json::json_pointer;

enum class Presence { required, optional };

class JsonChecker {
public:
  JsonChecker(std::string file, Problems& problems) : file_(std::move(file)), problems_(problems) {}

  void fail(const Pointer& at, std::string message);
  bool ok() const { return problems_.empty(); }
  std::size_t problem_count() const { return problems_.size(); }
  const std::string& file() const { return file_; }

  /// The member `key` of `object` if it is an object (arrays: `array_member`).
  const Json* object_member(const Json& object, const Pointer& at, std::string_view key, Presence presence);
  const Json* array_member(const Json& object, const Pointer& at, std::string_view key, Presence presence);
  std::optional<std::string> string_member(const Json& object, const Pointer& at, std::string_view key,
                                           Presence presence);
  /// A string holding a UTC time in ISO 8601 form (2026-11-22T00:52:09Z, fractions allowed).
  std::optional<std::string> time_member(const Json& object, const Pointer& at, std::string_view key,
                                         Presence presence);
  std::optional<std::uint64_t> count_member(const Json& object, const Pointer& at, std::string_view key,
                                            Presence presence);
  /// `value` (at `at`) as a non-negative integer that fits in 64 bits.
  std::optional<std::uint64_t> count(const Json& value, const Pointer& at);
  /// Any JSON number, integer or not, as a double.
  std::optional<double> number_member(const Json& object, const Pointer& at, std::string_view key, Presence presence);
  /// A number in [low, high] (no upper bound without `high`), else nullopt and a problem that
  /// names the range.
  std::optional<double> number_in(const Json& object, const Pointer& at, std::string_view key, Presence presence,
                                  double low, std::optional<double> high = std::nullopt);
  std::optional<bool> bool_member(const Json& object, const Pointer& at, std::string_view key, Presence presence);

  /// Reports every member of `object` whose key is not in `known`.
  void reject_unknown(const Json& object, const Pointer& at, std::initializer_list<std::string_view> known);

  /// Reports `value` unless it is an object.
  bool expect_object(const Json& value, const Pointer& at);

protected:
  /// The member `key` of `object`, reporting it when required and missing.
  const Json* member(const Json& object, const Pointer& at, std::string_view key, Presence presence);

private:
  std::string file_;
  Problems& problems_;
};

/// "a string", "an array", ... for messages.
std::string describe_type(const Json& value);

} // namespace tally::model
