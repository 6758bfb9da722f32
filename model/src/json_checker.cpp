// SPDX-License-Identifier: BSD-3-Clause
// Member access with problem collection for the document reader.
#include "tally/model/json_checker.hpp"

#include "tally/model/utc_time.hpp"

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>

namespace tally::model {

std::string describe_type(const Json& value) {
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

void JsonChecker::fail(const Pointer& at, std::string message) {
  problems_.push_back(Problem{file_, at.to_string(), std::move(message)});
}

bool JsonChecker::expect_object(const Json& value, const Pointer& at) {
  if (value.is_object()) return true;
  fail(at, "expected an object, got " + describe_type(value));
  return false;
}

const Json* JsonChecker::member(const Json& object, const Pointer& at, std::string_view key, Presence presence) {
  const auto found = object.find(key);
  if (found == object.end()) {
    if (presence == Presence::required) fail(at / std::string(key), "missing required field");
    return nullptr;
  }
  return &*found;
}

const Json* JsonChecker::object_member(const Json& object, const Pointer& at, std::string_view key, Presence presence) {
  const Json* value = member(object, at, key, presence);
  if (value && !expect_object(*value, at / std::string(key))) return nullptr;
  return value;
}

const Json* JsonChecker::array_member(const Json& object, const Pointer& at, std::string_view key, Presence presence) {
  const Json* value = member(object, at, key, presence);
  if (value && !value->is_array()) {
    fail(at / std::string(key), "expected an array, got " + describe_type(*value));
    return nullptr;
  }
  return value;
}

std::optional<std::string> JsonChecker::string_member(const Json& object, const Pointer& at, std::string_view key,
                                                      Presence presence) {
  const Json* value = member(object, at, key, presence);
  if (!value) return std::nullopt;
  if (!value->is_string()) {
    fail(at / std::string(key), "expected a string, got " + describe_type(*value));
    return std::nullopt;
  }
  return value->get<std::string>();
}

std::optional<std::string> JsonChecker::time_member(const Json& object, const Pointer& at, std::string_view key,
                                                    Presence presence) {
  static const std::regex utc_time(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z)");
  auto text = string_member(object, at, key, presence);
  // The pattern, then the calendar: 2026-13-45T99:99:99Z has the right shape and is no time.
  if (text && (!std::regex_match(*text, utc_time) || !to_utc_iso8601(*text))) {
    fail(at / std::string(key), "expected a UTC time like 2026-11-22T00:52:09Z, got \"" + *text + "\"");
    return std::nullopt;
  }
  return text;
}

std::optional<std::uint64_t> JsonChecker::count_member(const Json& object, const Pointer& at, std::string_view key,
                                                       Presence presence) {
  const Json* value = member(object, at, key, presence);
  if (!value) return std::nullopt;
  return count(*value, at / std::string(key));
}

std::optional<std::uint64_t> JsonChecker::count(const Json& value, const Pointer& at) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  // Values built in C++ from signed integers are integers too; only negative ones are wrong.
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(value.get<std::int64_t>());
  }
  if (value.is_number_integer()) {
    fail(at, "expected a non-negative integer, got " + value.dump());
  } else {
    fail(at, "expected a non-negative integer, got " + describe_type(value));
  }
  return std::nullopt;
}

std::optional<double> JsonChecker::number_member(const Json& object, const Pointer& at, std::string_view key,
                                                 Presence presence) {
  const Json* value = member(object, at, key, presence);
  if (!value) return std::nullopt;
  if (!value->is_number()) {
    fail(at / std::string(key), "expected a number, got " + describe_type(*value));
    return std::nullopt;
  }
  return value->get<double>();
}

std::optional<double> JsonChecker::number_in(const Json& object, const Pointer& at, std::string_view key,
                                             Presence presence, double low, std::optional<double> high) {
  const auto value = number_member(object, at, key, presence);
  if (!value || (std::isfinite(*value) && *value >= low && (!high || *value <= *high))) return value;
  std::ostringstream text;
  if (high)
    text << "must be between " << low << " and " << *high << ", not " << *value;
  else
    text << "must be " << low << " or more, not " << *value;
  fail(at / std::string(key), text.str());
  return std::nullopt;
}

std::optional<bool> JsonChecker::bool_member(const Json& object, const Pointer& at, std::string_view key,
                                             Presence presence) {
  const Json* value = member(object, at, key, presence);
  if (!value) return std::nullopt;
  if (!value->is_boolean()) {
    fail(at / std::string(key), "expected true or false, got " + describe_type(*value));
    return std::nullopt;
  }
  return value->get<bool>();
}

void JsonChecker::reject_unknown(const Json& object, const Pointer& at, std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) fail(at / key, "unknown field");
  }
}

} // namespace tally::model
