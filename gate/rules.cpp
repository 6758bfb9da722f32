// SPDX-License-Identifier: BSD-3-Clause
// Resolution of the rules of one check and matching of waivers.
#include "gate/rules.hpp"

#include <fnmatch.h>

namespace tally::gate {

bool glob_matches(const std::string& pattern, std::string_view text) {
  return fnmatch(pattern.c_str(), std::string(text).c_str(), 0) == 0;
}

CheckRule rule_for(const GateConfig& config, std::string_view region, model::MetricId metric) {
  const model::MetricInfo& info = model::metric_info(metric);
  CheckRule rule;
  rule.alpha = config.alpha;
  rule.min_effect = config.min_effect;
  rule.min_impact_percent = config.min_impact_percent;
  // Efficiencies live in [0, 1], where a relative tolerance would be stricter for poor regions
  // than for good ones; percentage points treat every region alike.
  rule.tolerance_in_pp = info.kind == model::MetricKind::efficiency;
  rule.tolerance = rule.tolerance_in_pp ? config.efficiency_tolerance_pp : config.relative_tolerance_percent;
  // Of the metrics across runs, computation scalability and global efficiency are what a scaling
  // study protects; the split of scalability (instructions, IPC, frequency) explains their
  // findings rather than adding checks, and speedup repeats elapsed time.
  const bool across = info.scope == model::MetricScope::across_runs;
  const bool protected_across =
      metric == model::MetricId::computation_scalability || metric == model::MetricId::global_efficiency;
  if (across && !protected_across)
    rule.direction = Direction::ignored;
  else
    rule.direction = info.higher_is_better ? Direction::higher_is_better : Direction::lower_is_better;
  for (const RuleOverride& override_rule : config.rules) {
    if (!glob_matches(override_rule.metrics, info.key) || !glob_matches(override_rule.regions, region)) continue;
    if (override_rule.direction) rule.direction = *override_rule.direction;
    if (override_rule.alpha) rule.alpha = *override_rule.alpha;
    if (override_rule.min_effect) rule.min_effect = *override_rule.min_effect;
    if (override_rule.min_impact_percent) rule.min_impact_percent = *override_rule.min_impact_percent;
    if (rule.tolerance_in_pp && override_rule.tolerance_pp) rule.tolerance = *override_rule.tolerance_pp;
    if (!rule.tolerance_in_pp && override_rule.tolerance_percent) rule.tolerance = *override_rule.tolerance_percent;
  }
  return rule;
}

CountRule count_rule_for(const GateConfig& config, std::string_view region, std::string_view count) {
  CountRule rule;
  for (const RuleOverride& override_rule : config.rules) {
    if (!glob_matches(override_rule.metrics, count) || !glob_matches(override_rule.regions, region)) continue;
    if (override_rule.direction) {
      rule.ignored = *override_rule.direction == Direction::ignored;
      rule.direction = rule.ignored ? std::nullopt : override_rule.direction;
    }
    if (override_rule.tolerance_percent) rule.tolerance_percent = *override_rule.tolerance_percent;
  }
  return rule;
}

WaiverMatch match_waivers(const std::vector<Waiver>& waivers, std::string_view region, model::MetricId metric,
                          std::string_view commit, std::string_view today) {
  return match_waivers(waivers, region, model::metric_info(metric).key, commit, today);
}

WaiverMatch match_waivers(const std::vector<Waiver>& waivers, std::string_view region, std::string_view key,
                          std::string_view commit, std::string_view today) {
  WaiverMatch out;
  for (const Waiver& waiver : waivers) {
    if (!glob_matches(waiver.region, region) || !glob_matches(waiver.metric, key)) continue;
    // Either may be abbreviated: documents and waivers hold full or short ids.
    const bool same_commit =
        commit.starts_with(waiver.commit) || (!commit.empty() && std::string_view(waiver.commit).starts_with(commit));
    if (!waiver.commit.empty() && !same_commit) continue;
    if (today <= std::string_view(waiver.expires)) {
      out.active = &waiver;
      out.expired = nullptr;
      return out;
    }
    out.expired = &waiver;
  }
  return out;
}

std::string_view to_string(Direction direction) {
  switch (direction) {
  case Direction::higher_is_better: return "higher_is_better";
  case Direction::lower_is_better: return "lower_is_better";
  case Direction::ignored: return "ignored";
  }
  return "ignored";
}

std::optional<Direction> direction_from_string(std::string_view text) {
  for (Direction direction : {Direction::higher_is_better, Direction::lower_is_better, Direction::ignored}) {
    if (text == to_string(direction)) return direction;
  }
  return std::nullopt;
}

} // namespace tally::gate
