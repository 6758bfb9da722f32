// SPDX-License-Identifier: BSD-3-Clause
// Member access with problem collection for the TALP importer.
#include "analysis/ingest/talp/talp_fields.hpp"

#include <cmath>
#include <limits>

namespace tally::analysis::ingest::talp {

std::uint64_t ceil_ns(double value) {
  if (!(value > 0)) return 0; // also NaN
  // 2^64 ns are 584 years: anything beyond is a corrupt file, and saturating keeps the cast defined.
  if (value >= 18446744073709549568.0) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(std::ceil(value));
}

const Json* FieldReader::member(const Record& record, const Pointer& at, std::string_view key, Need need) {
  const Json* value = record.find(key);
  if (!value && need == Need::required) fail(at / std::string(key), "missing required field");
  return value;
}

const Json* FieldReader::typed_member(const Record& record, const Pointer& at, std::string_view key, Need need,
                                      bool (Json::*has_type)() const noexcept, std::string_view expected) {
  const Json* value = member(record, at, key, need);
  if (!value || (value->*has_type)()) return value;
  fail(at / std::string(key), "expected " + std::string(expected) + ", got " + model::describe_type(*value));
  return nullptr;
}

std::optional<std::string> FieldReader::string_member(const Record& record, const Pointer& at, std::string_view key,
                                                      Need need) {
  const Json* value = typed_member(record, at, key, need, &Json::is_string, "a string");
  return value ? std::optional(value->get<std::string>()) : std::nullopt;
}

std::optional<bool> FieldReader::bool_member(const Record& record, const Pointer& at, std::string_view key, Need need) {
  const Json* value = typed_member(record, at, key, need, &Json::is_boolean, "true or false");
  return value ? std::optional(value->get<bool>()) : std::nullopt;
}

bool FieldReader::expect_array(const Json& kind, const Pointer& at) {
  if (kind.is_array()) return true;
  fail(at, "expected an array, got " + model::describe_type(kind));
  return false;
}

std::optional<double> FieldReader::number(const Record& record, const Pointer& at, std::string_view key, Need need) {
  const Json* value = typed_member(record, at, key, need, &Json::is_number, "a number");
  if (!value) return std::nullopt;
  const double number = value->get<double>();
  if (!std::isfinite(number) || number < 0) {
    fail(at / std::string(key), "expected a non-negative number, got " + value->dump());
    return std::nullopt;
  }
  return number;
}

std::optional<std::uint64_t> FieldReader::count(const Record& record, const Pointer& at, std::string_view key,
                                                Need need) {
  const Json* value = member(record, at, key, need);
  if (!value) return std::nullopt;
  if (value->is_number_unsigned()) return value->get<std::uint64_t>();
  if (value->is_number_integer() && value->get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value->get<std::int64_t>());
  }
  if (value->is_number_float()) {
    const double number = value->get<double>();
    if (std::isfinite(number) && number >= 0 && number == std::floor(number)) return ceil_ns(number);
  }
  const std::string got = value->is_number() ? value->dump() : model::describe_type(*value);
  fail(at / std::string(key), "expected a non-negative integer, got " + got);
  return std::nullopt;
}

std::optional<std::uint64_t> FieldReader::counter(const Record& record, const Pointer& at, std::string_view key,
                                                  Need need) {
  const Json* value = typed_member(record, at, key, need, &Json::is_number, "a number");
  if (!value) return std::nullopt;
  return ceil_ns(std::round(value->get<double>()));
}

} // namespace tally::analysis::ingest::talp
