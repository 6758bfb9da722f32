// Typed reads of the members of a DLB TALP document that collect problems (`file: /json/pointer:
// message`, the model's format) instead of throwing. The model's JsonChecker is private to
// tally::model, so the importer keeps these few checks of its own.
#pragma once

#include "tally/model/document_io.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tally::pages::talp {

using Json = nlohmann::json;
using Pointer = Json::json_pointer;

enum class Need { required, optional };

class FieldReader {
public:
  FieldReader(std::string file, model::Problems& problems) : file_(std::move(file)), problems_(problems) {}

  void fail(const Pointer& at, std::string message);
  std::size_t problem_count() const { return problems_.size(); }
  const std::string& file() const { return file_; }

  /// The member `key` of `parent` if it is an object.
  const Json* object(const Json& parent, const Pointer& at, std::string_view key, Need need);
  const Json* array(const Json& parent, const Pointer& at, std::string_view key, Need need);
  std::optional<std::string> text(const Json& parent, const Pointer& at, std::string_view key, Need need);
  std::optional<bool> flag(const Json& parent, const Pointer& at, std::string_view key, Need need);
  /// A finite non-negative number. TALP prints times as integers but normalised times with "%.0f",
  /// and hand-edited files for talp-pages write integers as 2.00, so both forms are read.
  std::optional<double> number(const Json& parent, const Pointer& at, std::string_view key, Need need);
  /// A non-negative whole number, written with or without a zero fraction (TALP prints some as 2.0).
  std::optional<std::uint64_t> count(const Json& parent, const Pointer& at, std::string_view key, Need need);
  /// A hardware counter total. A negative value is a failed PAPI read, which TALP itself
  /// sanitises to 0 from DLB 3.5 on: it reads as 0 ("not measured") instead of a problem.
  std::optional<std::uint64_t> counter(const Json& parent, const Pointer& at, std::string_view key, Need need);

  /// Reports `value` unless it is an object.
  bool expect_object(const Json& value, const Pointer& at);

private:
  const Json* member(const Json& parent, const Pointer& at, std::string_view key, Need need);

  std::string file_;
  model::Problems& problems_;
};

/// "a string", "an array", ... for messages.
std::string describe(const Json& value);

/// ceil(value) as a count of nanoseconds, 0 for negative values.
std::uint64_t ceil_ns(double value);

} // namespace tally::pages::talp
