// Member access with problem collection for the TALP importer.
#include "import/talp_fields.hpp"

#include <cmath>
#include <limits>

namespace tally::pages::talp {

std::string describe(const Json& value) {
  switch (value.type()) {
  case Json::value_t::null: return "null";
  case Json::value_t::object: return "an object";
  case Json::value_t::array: return "an array";
  case Json::value_t::string: return "a string";
  case Json::value_t::boolean: return "a boolean";
  case Json::value_t::number_integer:
  case Json::value_t::number_unsigned: return "an integer";
  case Json::value_t::number_float: return "a number with a fraction";
  default: return "an unsupported value";
  }
}

std::uint64_t ceil_ns(double value) {
  if (!(value > 0)) return 0; // also NaN
  // 2^64 ns are 584 years: anything beyond is a corrupt file, and saturating keeps the cast defined.
  if (value >= 18446744073709549568.0) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(std::ceil(value));
}

void FieldReader::fail(const Pointer& at, std::string message) {
  problems_.push_back(model::Problem{file_, at.to_string(), std::move(message)});
}

bool FieldReader::expect_object(const Json& value, const Pointer& at) {
  if (value.is_object()) return true;
  fail(at, "expected an object, got " + describe(value));
  return false;
}

const Json* FieldReader::member(const Json& parent, const Pointer& at, std::string_view key, Need need) {
  const auto found = parent.find(key);
  if (found == parent.end()) {
    if (need == Need::required) fail(at / std::string(key), "missing required field");
    return nullptr;
  }
  return &*found;
}

const Json* FieldReader::object(const Json& parent, const Pointer& at, std::string_view key, Need need) {
  const Json* value = member(parent, at, key, need);
  if (value && !expect_object(*value, at / std::string(key))) return nullptr;
  return value;
}

const Json* FieldReader::array(const Json& parent, const Pointer& at, std::string_view key, Need need) {
  const Json* value = member(parent, at, key, need);
  if (value && !value->is_array()) {
    fail(at / std::string(key), "expected an array, got " + describe(*value));
    return nullptr;
  }
  return value;
}

std::optional<std::string> FieldReader::text(const Json& parent, const Pointer& at, std::string_view key, Need need) {
  const Json* value = member(parent, at, key, need);
  if (!value) return std::nullopt;
  if (!value->is_string()) {
    fail(at / std::string(key), "expected a string, got " + describe(*value));
    return std::nullopt;
  }
  return value->get<std::string>();
}

std::optional<bool> FieldReader::flag(const Json& parent, const Pointer& at, std::string_view key, Need need) {
  const Json* value = member(parent, at, key, need);
  if (!value) return std::nullopt;
  if (!value->is_boolean()) {
    fail(at / std::string(key), "expected true or false, got " + describe(*value));
    return std::nullopt;
  }
  return value->get<bool>();
}

std::optional<double> FieldReader::number(const Json& parent, const Pointer& at, std::string_view key, Need need) {
  const Json* value = member(parent, at, key, need);
  if (!value) return std::nullopt;
  if (!value->is_number()) {
    fail(at / std::string(key), "expected a number, got " + describe(*value));
    return std::nullopt;
  }
  const double number = value->get<double>();
  if (!std::isfinite(number) || number < 0) {
    fail(at / std::string(key), "expected a non-negative number, got " + value->dump());
    return std::nullopt;
  }
  return number;
}

std::optional<std::uint64_t> FieldReader::count(const Json& parent, const Pointer& at, std::string_view key,
                                                Need need) {
  const Json* value = member(parent, at, key, need);
  if (!value) return std::nullopt;
  if (value->is_number_unsigned()) return value->get<std::uint64_t>();
  if (value->is_number_integer() && value->get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value->get<std::int64_t>());
  }
  if (value->is_number_float()) {
    const double number = value->get<double>();
    if (std::isfinite(number) && number >= 0 && number == std::floor(number)) return ceil_ns(number);
  }
  const std::string got = value->is_number() ? value->dump() : describe(*value);
  fail(at / std::string(key), "expected a non-negative integer, got " + got);
  return std::nullopt;
}

std::optional<std::uint64_t> FieldReader::counter(const Json& parent, const Pointer& at, std::string_view key,
                                                  Need need) {
  const Json* value = member(parent, at, key, need);
  if (!value) return std::nullopt;
  if (!value->is_number()) {
    fail(at / std::string(key), "expected a number, got " + describe(*value));
    return std::nullopt;
  }
  return ceil_ns(std::round(value->get<double>()));
}

} // namespace tally::pages::talp
