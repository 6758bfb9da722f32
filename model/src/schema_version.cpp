// SPDX-License-Identifier: BSD-3-Clause
// Version policy: readers accept every older version through explicit migrations (one function
// per step, applied in order) and refuse a newer one. A step N -> N+1 is added here together
// with schemas/run.vN+1.schema.json; the older schema stays, for the documents written with it,
// unless the new version only adds optional keys (one schema then names both versions).
#include "schema_version.hpp"

#include "tally/model/run_document.hpp"

#include <algorithm>
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

/// tally.run/1 -> tally.run/2. Version 1 kept regions as a flat list, so the nesting of its runs
/// is unknown: each region but Global is read as a top-level region, directly under Global (when
/// the document has one). Version 2's counts (raw.mpi, the CUDA counts of raw.device) stay absent:
/// not measured.
void migrate_1_to_2(Json& document) {
  Json* regions = document.contains("regions") && document["regions"].is_array() ? &document["regions"] : nullptr;
  if (!regions) return;
  const auto is_global = [](const Json& region) {
    return region.is_object() && region.contains("name") && region["name"] == "Global";
  };
  if (std::none_of(regions->begin(), regions->end(), is_global)) return;
  for (Json& region : *regions) {
    if (region.is_object() && !is_global(region)) region["parent"] = "Global";
  }
}

/// tally.run/2 -> tally.run/3: nothing to change. Version 3 adds measured energy (a region's
/// `energy`, `environment.energy`); a version 2 document has none, or carries it already when
/// tally 0.1.0 wrote it before the version was raised, and both read the same.
void migrate_2_to_3(Json&) {}

/// tally.run/3 -> tally.run/4: nothing to change. Version 4 adds the CPU frequency the run was
/// asked to run at (`resources.cpu_frequency_khz`, optional); a version 3 document has none.
void migrate_3_to_4(Json&) {}

/// tally.run/4 -> tally.run/5: nothing to change. Version 5 adds a run's place in an A/B study
/// (`run.ab_study`, optional); a version 4 document was not part of one.
void migrate_4_to_5(Json&) {}

/// tally.run/5 -> tally.run/6: nothing to change. Version 6 adds the batch job a run ran in
/// (`run.job`, optional); a version 5 document does not say.
void migrate_5_to_6(Json&) {}

/// tally.run/6 -> tally.run/7: nothing to change. Version 7 adds a region's OpenACC constructs
/// (`raw.openacc`, optional); a version 6 document did not measure OpenACC.
void migrate_6_to_7(Json&) {}

/// tally.run/7 -> tally.run/8: nothing to change. Version 8 adds whose device runtime calls a
/// region's counts are (`raw.device.runtime`, optional): a version 7 document does not say, and its
/// counts keep being named CUDA's, the only runtime tally measured before version 8.
void migrate_7_to_8(Json&) {}

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
  // One step per version, in order; each leaves the document valid for the next.
  if (*version < 2) migrate_1_to_2(document);
  if (*version < 3) migrate_2_to_3(document);
  if (*version < 4) migrate_3_to_4(document);
  if (*version < 5) migrate_4_to_5(document);
  if (*version < 6) migrate_5_to_6(document);
  if (*version < 7) migrate_6_to_7(document);
  if (*version < 8) migrate_7_to_8(document);
  document["schema"] = schema_name(run_schema_version);
  return true;
}

} // namespace tally::model::detail
