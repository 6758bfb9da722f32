// SPDX-License-Identifier: BSD-3-Clause
// The gate's rules: which metrics are checked in which regions, in which direction, with what
// tolerance and significance; and waivers that acknowledge a known regression.
#pragma once

#include "tally/model/metric_tree.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tally::gate {

enum class Direction { higher_is_better, lower_is_better, ignored };

/// The check of one metric in one region, after defaults and every matching rule.
struct CheckRule {
  Direction direction = Direction::higher_is_better;
  bool tolerance_in_pp = false;  ///< true: absolute, in percentage points (efficiencies); false: relative
  double tolerance = 0;          ///< percentage points, or a percentage of the baseline median
  double min_effect = 0;         ///< smallest absolute median change that counts, in the metric's unit
  double min_impact_percent = 0; ///< smallest cost to the run (percent of Global's time) that fails (decision.hpp)
  /// The check's share of the family's error: its p-value is weighed by GateConfig::alpha / alpha.
  double alpha = 0.05;
};

/// One `[[rules]]` entry: glob patterns (fnmatch) and the fields it sets; unset fields keep
/// the value of earlier rules or the defaults. Later rules win.
struct RuleOverride {
  std::string metrics = "*"; ///< pattern over metric keys, e.g. "mpi_*"
  std::string regions = "*"; ///< pattern over region names
  std::optional<Direction> direction;
  std::optional<double> tolerance_pp;
  std::optional<double> tolerance_percent;
  std::optional<double> min_effect;
  std::optional<double> min_impact_percent;
  std::optional<double> alpha;
};

/// Acknowledges a regression of `metric` in `region` at `commit` until `expires`.
struct Waiver {
  std::string region = "*"; ///< pattern over region names
  std::string metric = "*"; ///< pattern over metric keys
  std::string commit;       ///< prefix of the candidate commit; empty: any commit
  std::string reason;
  std::string expires; ///< YYYY-MM-DD, the last day the waiver applies
};

struct GateConfig {
  /// The chance that a commit whose runs differ from the baseline's by noise alone fails: the level
  /// of the Benjamini-Hochberg rule over every check of one comparison (decision.hpp).
  double alpha = 0.05;
  double efficiency_tolerance_pp = 2.0;    ///< for efficiencies (values in [0, 1])
  double relative_tolerance_percent = 5.0; ///< for times, counts, ratios and frequencies
  double min_effect = 0.0;
  double min_impact_percent = 0.05; ///< a check whose change costs the run less than this never fails
  std::vector<RuleOverride> rules;
  std::vector<Waiver> waivers;
};

/// The check of `metric` in `region`. Direction defaults to the metric model's; of the metrics that
/// need a reference run (scope across_runs), computation scalability and global efficiency are
/// checked by default, the others only when a rule gives a direction.
CheckRule rule_for(const GateConfig& config, std::string_view region, model::MetricId metric);

/// The check of one exact count (compare_counts.hpp) in `region`: counts are compared exactly
/// (tolerance 0) unless a rule whose metric pattern matches the count's name gives a
/// tolerance_percent. A change is reported, not judged, unless a rule gives the count a direction
/// (then it is a regression or an improvement); direction `ignored` skips the count.
struct CountRule {
  bool ignored = false;
  std::optional<Direction> direction; ///< higher_is_better or lower_is_better when a rule says so
  double tolerance_percent = 0;       ///< of the baseline count
};
CountRule count_rule_for(const GateConfig& config, std::string_view region, std::string_view count);

/// What the waivers say about a regression.
struct WaiverMatch {
  const Waiver* active = nullptr;  ///< a matching waiver that has not expired
  const Waiver* expired = nullptr; ///< a matching waiver that has, when no active one matches
};

/// Matches the waivers against a regression of `metric` in `region` at `commit` on `today`
/// (YYYY-MM-DD; ISO dates compare as strings).
WaiverMatch match_waivers(const std::vector<Waiver>& waivers, std::string_view region, model::MetricId metric,
                          std::string_view commit, std::string_view today);
/// The same for a metric or count named `key` ("mpi_calls_collective").
WaiverMatch match_waivers(const std::vector<Waiver>& waivers, std::string_view region, std::string_view key,
                          std::string_view commit, std::string_view today);

/// True when `text` matches the shell glob `pattern` (fnmatch, no flags).
bool glob_matches(const std::string& pattern, std::string_view text);

std::string_view to_string(Direction direction);
std::optional<Direction> direction_from_string(std::string_view text);

} // namespace tally::gate
