// SPDX-License-Identifier: BSD-3-Clause
// Each step of decide() is one function below, in the order the header lists them. No other file
// sets a check's, a count's or the commit's verdict.
#include "gate/decision.hpp"

#include "gate/diagnosis.hpp"
#include "gate/findings.hpp"
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace tally::gate {
namespace {

/// A move whose p-value is at most this is kept by the family-wise rule in any family up to
/// alpha / certain_p checks (50,000 at the default alpha), far more than a comparison holds.
constexpr double certain_p = 1e-6;

/// Step 1: the checks whose move the Benjamini-Hochberg rule keeps, over every check with a p-value
/// except those where a move to the tolerance would already be certain (SampleVerdict::
/// p_at_tolerance): they could not be a false alarm in any family, so counting them would only
/// raise every other check's line; any move of theirs beyond the tolerance is kept.
void keep_family(GateResult& result, const GateConfig& config) {
  std::vector<std::size_t> family;
  std::vector<double> weighed;
  for (std::size_t i = 0; i < result.checks.size(); ++i) {
    SampleVerdict& evidence = result.checks[i].result;
    if (!evidence.p_value) continue;
    const double weight = result.checks[i].rule.alpha > 0 ? config.alpha / result.checks[i].rule.alpha : INFINITY;
    if (evidence.p_at_tolerance && *evidence.p_at_tolerance * weight <= certain_p) {
      evidence.certain_beyond_tolerance = evidence.kept = true;
      continue;
    }
    family.push_back(i);
    weighed.push_back(std::min(1.0, *evidence.p_value * weight));
  }
  const std::vector<bool> kept = benjamini_hochberg(weighed, config.alpha);
  for (std::size_t k = 0; k < family.size(); ++k)
    result.checks[family[k]].result.kept = kept[k];
  result.family = family.size();
}

/// Step 2: one check's verdict from its evidence.
Verdict verdict_of(const Check& check, const GateConfig& config) {
  const SampleVerdict& evidence = check.result;
  const bool matters = evidence.exceeds_tolerance && 100.0 * evidence.impact >= check.rule.min_impact_percent;
  if (!matters) return Verdict::pass;
  const Verdict moved = evidence.worse ? Verdict::regression : Verdict::improvement;
  if (!evidence.p_value || evidence.kept) return moved;
  const bool large = std::abs(evidence.change) >= 2 * check.rule.tolerance && *evidence.p_value < config.alpha;
  return large ? Verdict::inconclusive : Verdict::pass;
}

/// Step 3: an active waiver turns a regression (of a check or a directed count) into `waived`; an
/// expired one is noted.
void apply_waiver(const WaiverMatch& waiver, Verdict& verdict, std::string& note) {
  if (verdict != Verdict::regression) return;
  if (waiver.active) {
    verdict = Verdict::waived;
    note = "waived until " + waiver.active->expires + ": " + waiver.active->reason;
  } else if (waiver.expired) {
    note = "a waiver expired on " + waiver.expired->expires + ": " + waiver.expired->reason;
  }
}

/// Step 4: a count change's verdict, and how its region's elapsed time moved in the same cell.
void decide_count(CountChange& change,
                  const std::map<std::tuple<std::string, std::string, std::string>, const Check*>& elapsed,
                  const GateConfig& config, const std::string& commit, const std::string& today) {
  if (change.direction) {
    const bool grew = change.candidate > change.baseline;
    const bool worse = *change.direction == Direction::lower_is_better ? grew : !grew;
    change.verdict = worse ? Verdict::regression : Verdict::improvement;
    apply_waiver(match_waivers(config.waivers, change.region, change.count, commit, today), change.verdict,
                 change.note);
  }
  const auto time = elapsed.find({change.experiment, change.region, change.configuration.key()});
  if (time == elapsed.end()) return;
  change.time_change = time->second->result.change;
  change.time_changed = time->second->result.verdict == Verdict::regression ||
                        time->second->result.verdict == Verdict::improvement ||
                        time->second->result.verdict == Verdict::waived;
}

/// Step 6: the severity of a finding's verdict, worst first; up to `changed`, a finding decides the
/// commit's verdict.
constexpr int deciding_severity = 4;

int severity(const Finding& finding) {
  switch (finding.verdict) {
  case Verdict::regression: return 0;
  case Verdict::inconclusive: return finding.worse ? 1 : 5;
  case Verdict::warning: return 2;
  case Verdict::improvement: return 3;
  case Verdict::changed: return 4;
  case Verdict::waived: return 6;
  default: return 7;
  }
}

} // namespace

void decide(GateResult& result, const GateConfig& config, const std::string& candidate_commit,
            const std::string& today) {
  keep_family(result, config);
  std::map<std::tuple<std::string, std::string, std::string>, const Check*> elapsed;
  for (Check& check : result.checks) {
    check.result.verdict = verdict_of(check, config);
    apply_waiver(match_waivers(config.waivers, check.region, check.metric, candidate_commit, today),
                 check.result.verdict, check.note);
    if (check.metric == model::MetricId::elapsed_ns)
      elapsed[{check.experiment, check.region, check.configuration.key()}] = &check;
  }
  for (CountChange& change : result.count_changes)
    decide_count(change, elapsed, config, candidate_commit, today);
  diagnose_uniform_slowdowns(result);

  result.findings = find_causes(result);
  std::stable_sort(result.findings.begin(), result.findings.end(), [](const Finding& a, const Finding& b) {
    return std::pair{severity(a), -a.impact} < std::pair{severity(b), -b.impact};
  });
  result.deciding.reset();
  result.overall = Verdict::pass;
  if (!result.findings.empty() && severity(result.findings.front()) <= deciding_severity) {
    result.deciding = 0;
    result.overall = result.findings.front().verdict;
  }
  if (result.baseline_runs == 0 && result.overall != Verdict::regression) {
    result.overall = Verdict::no_baseline;
    result.deciding.reset();
  }
}

int exit_code_of(const GateResult& result) { return result.overall == Verdict::regression ? 1 : 0; }

std::string deciding_text(const GateResult& result) {
  std::string out(to_string(result.overall));
  if (result.deciding) {
    const Finding& finding = result.findings[*result.deciding];
    return out + ", decided by " + finding.experiment + ": " + finding.summary;
  }
  if (result.overall == Verdict::no_baseline) return out + ": no baseline runs, nothing was compared";
  return out + ": no check moved beyond its noise and tolerance (" + std::to_string(result.checks.size()) +
         " checks, " + std::to_string(result.family) + " judged together)";
}

} // namespace tally::gate
