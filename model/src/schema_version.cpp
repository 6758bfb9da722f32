// SPDX-License-Identifier: BSD-3-Clause
// Version policy: readers accept every older version through explicit migrations (one function
// per step, applied in order) and refuse a newer one. tally.run/1 is the first version, so
// there is no step yet; a step N -> N+1 is added here together with schemas/run.vN+1.
#include "schema_version.hpp"

#include "tally/model/run_document.hpp"

#include <charconv>
#include <string>

namespace tally::model::detail {
namespace {

std::optional<int> parse_version(const std::string& schema) {
  if (!schema.starts_with(run_schema_prefix)) return std::nullopt;
  const char* first = schema.data() + run_schema_prefix.size();
  const char* last = schema.data() + schema.size();
  int version = 0;
  const auto [end, error] = std::from_chars(first, last, version);
  // Digits only, no leading zero: "tally.run/01" is not a name this format ever uses.
  if (error != std::errc{} || end != last || first == last || *first == '0' || version < 1) return std::nullopt;
  return version;
}

std::string schema_name(int version) { return std::string(run_schema_prefix) + std::to_string(version); }

} // namespace

bool check_and_migrate(Json& document, JsonChecker& checker) {
  const Pointer root;
  if (document.contains("dlbVersion")) {
    checker.fail(root, "this is a DLB TALP document, not a tally run document; convert it with `tally import`");
    return false;
  }
  const auto schema = checker.string_member(document, root, "schema", Presence::required);
  if (!schema) return false;
  const auto version = parse_version(*schema);
  if (!version) {
    checker.fail(root / "schema",
                 "\"" + *schema + "\" is not a tally run schema (expected " + schema_name(run_schema_version) + ")");
    return false;
  }
  if (*version > run_schema_version) {
    checker.fail(root / "schema", "document has schema " + *schema + ", newer than " + schema_name(run_schema_version) +
                                      " which this tally reads; upgrade tally");
    return false;
  }
  return true;
}

} // namespace tally::model::detail
