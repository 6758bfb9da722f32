// SPDX-License-Identifier: BSD-3-Clause
// The names the run document gives behaviours and outcomes.
#include "tally/model/run_timeline.hpp"

#include <array>
#include <utility>

namespace tally::model {
namespace {

constexpr std::array<std::pair<Behaviour, std::string_view>, 4> behaviour_names{{
    {Behaviour::stable, "stable"},
    {Behaviour::cold_start, "cold_start"},
    {Behaviour::stall, "stall"},
    {Behaviour::varying, "varying"},
}};

constexpr std::array<std::pair<RunOutcome, std::string_view>, 2> outcome_names{{
    {RunOutcome::completed, "completed"},
    {RunOutcome::hung, "hung"},
}};

template <class Value, std::size_t N>
std::string_view name_of(const std::array<std::pair<Value, std::string_view>, N>& names, Value value) {
  for (const auto& [candidate, name] : names) {
    if (candidate == value) return name;
  }
  return {};
}

template <class Value, std::size_t N>
std::optional<Value> value_of(const std::array<std::pair<Value, std::string_view>, N>& names, std::string_view text) {
  for (const auto& [value, name] : names) {
    if (name == text) return value;
  }
  return std::nullopt;
}

} // namespace

std::string_view to_string(Behaviour behaviour) { return name_of(behaviour_names, behaviour); }
std::optional<Behaviour> behaviour_from_string(std::string_view text) { return value_of(behaviour_names, text); }
std::string_view to_string(RunOutcome outcome) { return name_of(outcome_names, outcome); }
std::optional<RunOutcome> outcome_from_string(std::string_view text) { return value_of(outcome_names, text); }

} // namespace tally::model
