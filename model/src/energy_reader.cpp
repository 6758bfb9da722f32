// SPDX-License-Identifier: BSD-3-Clause
// Energy read from JSON: the source is "measured" or "model"; domains are the powercap ones plus "gpu".
#include "energy_reader.hpp"

#include "tally/model/energy_fold.hpp"

#include <algorithm>
#include <string_view>

namespace tally::model::detail {
namespace {

constexpr Presence required = Presence::required;
constexpr Presence optional = Presence::optional;

std::string read_source(const Json& object, const Pointer& at, JsonChecker& checker) {
  std::string source = checker.string_member(object, at, "source", required).value_or("measured");
  if (source != "measured" && source != "model") {
    checker.fail(at / "source", "\"" + source + "\" is not measured or model");
  }
  return source;
}

std::vector<std::string> read_sentences(const Json& object, const Pointer& at, std::string_view key,
                                        JsonChecker& checker) {
  std::vector<std::string> out;
  const Json* list = checker.array_member(object, at, key, optional);
  for (std::size_t i = 0; list && i < list->size(); ++i) {
    if ((*list)[i].is_string()) {
      out.push_back((*list)[i].get<std::string>());
    } else {
      checker.fail(at / std::string(key) / i, "expected a string");
    }
  }
  return out;
}

} // namespace

RegionEnergy read_region_energy(const Json& energy, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(energy, at, {"source", "domains_uj"});
  RegionEnergy out;
  out.source = read_source(energy, at, checker);
  const Json* uj = checker.object_member(energy, at, "domains_uj", required);
  for (auto item = uj ? uj->begin() : Json::const_iterator{}; uj && item != uj->end(); ++item) {
    const Pointer here = at / "domains_uj" / item.key();
    if (std::find(energy_domains.begin(), energy_domains.end(), item.key()) == energy_domains.end()) {
      checker.fail(here, "unknown energy domain \"" + item.key() + "\"");
      continue;
    }
    if (const auto microjoules = checker.count(item.value(), here)) out.domains_uj[item.key()] = *microjoules;
  }
  return out;
}

EnergySensors read_energy_sensors(const Json& sensors, const Pointer& at, JsonChecker& checker) {
  checker.reject_unknown(sensors, at, {"available", "source", "sensors", "left_out", "reason", "sampling_period_ns"});
  EnergySensors out;
  out.available = checker.bool_member(sensors, at, "available", required).value_or(false);
  out.source = read_source(sensors, at, checker);
  out.sensors = read_sentences(sensors, at, "sensors", checker);
  out.left_out = read_sentences(sensors, at, "left_out", checker);
  out.reason = checker.string_member(sensors, at, "reason", optional).value_or("");
  out.sampling_period_ns = checker.count_member(sensors, at, "sampling_period_ns", optional).value_or(0);
  if (!out.available && out.reason.empty()) checker.fail(at / "reason", "energy not available without a reason");
  return out;
}

} // namespace tally::model::detail
