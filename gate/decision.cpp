// SPDX-License-Identifier: BSD-3-Clause
// Each step of decide() is one function below, in the order the header lists them. No other file
// sets a check's, a count's or the commit's verdict.
#include "gate/decision.hpp"

#include "gate/diagnosis.hpp"
#include "gate/findings.hpp"
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace tally::gate {
namespace {

/// The hypotheses the Benjamini-Hochberg rule selects at this multiple of alpha (a false discovery
/// rate of 20% at the default alpha) and not at alpha are suspicions: their large moves are
/// inconclusive, which an A/B study settles. On a commit that changed nothing at most that share
/// shows one; "p < alpha on its own", among the thousand checks of a realistic program, showed one
/// on 93 of 100 such commits.
constexpr double suspicion_alpha_factor = 4;

/// A move whose p-value is at most this is kept by the family-wise rule in any family up to
/// alpha / certain_p checks (50,000 at the default alpha), far more than a comparison holds.
constexpr double certain_p = 1e-6;

/// How much a check's p-value weighs against the family's alpha: config.alpha / rule.alpha.
double alpha_weight(const CheckRule& rule, const GateConfig& config) {
  return rule.alpha > 0 ? config.alpha / rule.alpha : INFINITY;
}

/// A check's p-value weighed by its rule's alpha.
double weighed_p(const SampleVerdict& evidence, const CheckRule& rule, const GateConfig& config) {
  return std::min(1.0, *evidence.p_value * alpha_weight(rule, config));
}

/// One hypothesis of the family: a metric of a region at every configuration it was checked at
/// (indices into the checks), or an experiment's uniform moves at every configuration (indices into
/// uniform_moves): the whole code slowed shows at every scale, as a region's change does.
struct Hypothesis {
  std::vector<std::size_t> checks;
  std::vector<std::size_t> uniform; ///< an experiment's uniform moves, one per configuration
  double p_value = 1;
  double direction = 0;              ///< the sum of its checks' signed normal scores (Stouffer's numerator)
  std::vector<std::size_t> children; ///< the hypotheses judged only once this one is selected (waited_for)
  bool opens_children = false;       ///< a check of its metric moved beyond a tolerance that is certain
};

/// A hypothesis moved at some configuration: across_configurations_p of its configurations.
void combine(Hypothesis& hypothesis, const std::vector<double>& p_values, const std::vector<double>& one_job,
             const std::vector<double>& scores, bool independent) {
  for (const double score : scores)
    hypothesis.direction += score;
  hypothesis.p_value = across_configurations_p(scores, one_job, independent && p_values.size() > 1);
}

/// What select_along_tree selected, one flag per hypothesis, and how many hypotheses were judged.
struct Selection {
  std::vector<bool> selected;
  std::size_t judged = 0;
};

/// The hypotheses the Benjamini-Hochberg rule at `alpha` selects along the tree: first those that
/// wait for no other (`top`), then the children of each selected one (or one that opens them) as a
/// family of their own.
Selection select_along_tree(const std::vector<Hypothesis>& hypotheses, const std::vector<std::size_t>& top,
                            double alpha) {
  Selection selection{std::vector<bool>(hypotheses.size()), 0};
  std::vector<const std::vector<std::size_t>*> families{&top};
  while (!families.empty()) {
    const std::vector<std::size_t>& family = *families.back();
    families.pop_back();
    std::vector<double> p_values;
    for (const std::size_t h : family)
      p_values.push_back(hypotheses[h].p_value);
    const std::vector<bool> chosen = benjamini_hochberg(p_values, alpha);
    selection.judged += family.size();
    for (std::size_t k = 0; k < family.size(); ++k) {
      const Hypothesis& hypothesis = hypotheses[family[k]];
      selection.selected[family[k]] = chosen[k];
      if ((chosen[k] || hypothesis.opens_children) && !hypothesis.children.empty())
        families.push_back(&hypothesis.children);
    }
  }
  return selection;
}

/// Step 1: the moves the family keeps. Checks where a move to the tolerance would already be
/// certain (SampleVerdict::p_at_tolerance) are decided by their tolerance alone: they could not be a
/// false alarm in any family, so counting them would only raise every other check's line. The
/// others are grouped into hypotheses, one per experiment, region and metric across its
/// configurations, plus one per uniform move; the Benjamini-Hochberg rule at config.alpha selects
/// hypotheses (the commit's chance of any red on noise alone stays at most alpha), the metrics
/// below parallel efficiency and computation scalability only among the children of their selected
/// parent (waited_for), and within a selected one each configuration whose own weighed p-value
/// is below alpha, moving the way the hypothesis moved (or below alpha over its configurations,
/// either way), is kept: the hierarchical family of Yekutieli (2008). The hypotheses selected at
/// suspicion_alpha_factor × alpha mark their checks suspected.
void keep_family(GateResult& result, const GateConfig& config) {
  using Key = std::tuple<std::string, std::string, model::MetricId>;
  std::vector<Hypothesis> hypotheses;
  std::map<Key, std::size_t> group_of;
  std::set<Key> certain_moves;
  for (std::size_t i = 0; i < result.checks.size(); ++i) {
    Check& check = result.checks[i];
    if (!check.result.p_value) continue;
    if (certain_beyond_tolerance(check.result, check.rule, config)) {
      check.result.certain_beyond_tolerance = check.result.kept = true;
      if (check.result.exceeds_tolerance) certain_moves.insert({check.experiment, check.region, check.metric});
      continue;
    }
    const auto [group, added] = group_of.try_emplace({check.experiment, check.region, check.metric}, hypotheses.size());
    if (added) hypotheses.emplace_back();
    hypotheses[group->second].checks.push_back(i);
  }
  std::vector<std::size_t> top;
  for (const auto& group : group_of) {
    const Key& key = group.first;
    const std::size_t h = group.second;
    hypotheses[h].opens_children = certain_moves.contains(key);
    const auto above = [&](model::MetricId metric) { return Key{std::get<0>(key), std::get<1>(key), metric}; };
    const std::optional<model::MetricId> parent =
        waited_for(std::get<2>(key), [&](model::MetricId metric) { return group_of.contains(above(metric)); });
    (parent ? hypotheses[group_of.at(above(*parent))].children : top).push_back(h);
  }
  std::map<std::string, std::size_t> uniform_of;
  for (std::size_t u = 0; u < result.uniform_moves.size(); ++u) {
    if (!result.uniform_moves[u].result.p_value) continue;
    const auto [group, added] = uniform_of.try_emplace(result.uniform_moves[u].experiment, hypotheses.size());
    if (added) {
      top.push_back(hypotheses.size());
      hypotheses.emplace_back();
    }
    hypotheses[group->second].uniform.push_back(u);
  }
  for (Hypothesis& hypothesis : hypotheses) {
    std::vector<double> p_values, one_job, scores;
    const auto add = [&](const SampleVerdict& evidence, const CheckRule& rule) {
      p_values.push_back(weighed_p(evidence, rule, config));
      one_job.push_back(std::min(1.0, evidence.p_one_job.value_or(*evidence.p_value) * alpha_weight(rule, config)));
      scores.push_back(std::copysign(normal_score(p_values.back()), *evidence.z));
    };
    for (const std::size_t u : hypothesis.uniform)
      add(result.uniform_moves[u].result, result.uniform_moves[u].rule);
    for (const std::size_t i : hypothesis.checks)
      add(result.checks[i].result, result.checks[i].rule);
    const bool independent =
        !hypothesis.uniform.empty() ||
        model::metric_info(result.checks[hypothesis.checks.front()].metric).scope != model::MetricScope::across_runs;
    combine(hypothesis, p_values, one_job, scores, independent);
  }
  const std::vector<bool> suspected =
      select_along_tree(hypotheses, top, std::min(1.0, suspicion_alpha_factor * config.alpha)).selected;
  const auto [selected, judged] = select_along_tree(hypotheses, top, config.alpha);
  result.family = judged;
  for (std::size_t h = 0; h < hypotheses.size(); ++h) {
    for (const std::size_t i : hypotheses[h].checks)
      result.checks[i].result.suspected = suspected[h];
    if (!selected[h]) continue;
    const Hypothesis& hypothesis = hypotheses[h];
    const auto configurations = static_cast<double>(hypothesis.checks.size() + hypothesis.uniform.size());
    for (const std::size_t u : hypothesis.uniform) {
      SampleVerdict& evidence = result.uniform_moves[u].result;
      const double p = weighed_p(evidence, result.uniform_moves[u].rule, config);
      const bool along = std::signbit(*evidence.z) == std::signbit(hypothesis.direction);
      evidence.kept = p <= config.alpha && (along || p <= config.alpha / configurations);
    }
    for (const std::size_t i : hypothesis.checks) {
      SampleVerdict& evidence = result.checks[i].result;
      const double p = weighed_p(evidence, result.checks[i].rule, config);
      const bool along = std::signbit(*evidence.z) == std::signbit(hypothesis.direction);
      evidence.kept = p <= config.alpha && (along || p <= config.alpha / configurations);
    }
  }
}

/// Whether one job's state on each side may have made the check's move, which an A/B study tells
/// from the code: its configuration's regions moved that metric together (Check::cell_spread); its
/// region's other configurations moved as far (Check::configuration_spread); nothing in the
/// comparison tells that state (Check::job_state_untold). A cell that slowed uniformly with identical
/// work and no history of jobs (diagnosis.hpp: "the runner may be slower") is one of these: with few
/// regions nothing tells its job's state, with many their moves spread together; its own condition
/// changed no verdict of the benches (gate/README.md, "Each stage judged"), so it is not one more.
/// Never in an A/B study: each pair ran on one runner state, and its moves are the code's.
bool one_job_may_explain(const Check& check) {
  if (check.pairs > 0) return false;
  return check.cell_spread > 1 || check.configuration_spread > 1 || check.job_state_untold;
}

/// Step 2: one check's verdict from its evidence, and whether one job's state may have made its move
/// (one_job_may_explain).
Verdict verdict_of(const SampleVerdict& evidence, const CheckRule& rule, const GateConfig& config,
                   bool one_job_may_explain) {
  const bool matters = evidence.exceeds_tolerance && 100.0 * evidence.impact >= rule.min_impact_percent;
  if (!matters) return Verdict::pass;
  // Without a scale (no commit with two runs, fewer than three commits) nothing tells a move from
  // one job's noise, however far beyond the tolerance: repetitions or an A/B study settle it.
  if (!evidence.p_value) return Verdict::inconclusive;
  const Verdict moved = evidence.worse ? Verdict::regression : Verdict::improvement;
  // A move that one job's state on each side may have made is no verdict that fails a job: an A/B
  // study, on one runner, tells it from the code.
  if (evidence.kept) return one_job_may_explain ? Verdict::inconclusive : moved;
  const bool large =
      std::abs(evidence.change) >= 2 * rule.tolerance && *evidence.p_value < config.alpha && evidence.suspected;
  return large ? Verdict::inconclusive : Verdict::pass;
}

/// Step 2 for a uniform move: kept and beyond its tolerance, a run event of its own (a regression
/// or an improvement), "uniform: ...: the whole code, or a runner slower than any job of the history"
/// (paired: "the whole code").
void decide_uniform(const UniformMove& move, const GateConfig& config, std::vector<RunEvent>& events) {
  const Verdict verdict = verdict_of(move.result, move.rule, config, false);
  if (verdict != Verdict::regression && verdict != Verdict::improvement) return;
  // Paired on one runner, the move is the code's; along a history, the runner's or the code's.
  const char* against = move.paired ? "in the candidate" : "";
  char drift[96];
  std::snprintf(drift, sizeof drift,
                move.paired ? "the runner drifted %.1f%% between pairs"
                            : "the runner's speed spreads %.1f%% between jobs",
                100 * move.drift);
  // Global alone is the whole code by definition: the finding names its elapsed time.
  const char* whole = move.global_alone ? "the whole code, its only region"
                      : move.paired     ? "the whole code"
                                        : "the whole code, or a runner slower than any job of the history";
  char text[320];
  std::snprintf(text, sizeof text, "uniform: %s %.1f%% %s%s%s at %s%s (z = %.1f; %s): %s",
                move.global_alone ? "Global's elapsed time" : "every region", std::abs(move.result.change),
                move.result.worse ? "slower" : "faster", *against ? " " : "", against,
                move.configuration.label().c_str(), move.paired ? ", paired on one runner" : " than along the history",
                std::abs(*move.result.z), drift, whole);
  events.push_back({RunEventKind::uniform, verdict, move.experiment, move.configuration, "", std::nullopt, text});
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

/// Whether no check had two runs of one commit: one run per commit (or fewer than three commits),
/// where only moves beyond the configured tolerance can fail and the history's few jobs are the scale.
bool no_check_had_repetitions(const GateResult& result) {
  return !result.checks.empty() && std::all_of(result.checks.begin(), result.checks.end(), [](const Check& check) {
    return without_repetitions(check.result.evidence);
  });
}

} // namespace

std::optional<model::MetricId> waited_for(model::MetricId metric, const std::function<bool(model::MetricId)>& judged) {
  for (auto above = model::metric_info(metric).parent; above && above != model::MetricId::global_efficiency;
       above = model::metric_info(*above).parent) {
    if (judged(*above)) return above;
  }
  return std::nullopt;
}

bool certain_beyond_tolerance(const SampleVerdict& evidence, const CheckRule& rule, const GateConfig& config) {
  return evidence.p_at_tolerance && *evidence.p_at_tolerance * alpha_weight(rule, config) <= certain_p;
}

// A change of code shows at every scale, and four 3σ moves are one 6σ move (Stouffer's), while a
// change at one scale alone keeps its own strength among a few (Simes'). A move at one configuration
// is one job's, and a runner's state drawn per job (a rank slowed by a neighbour, moving the load
// balance of the regions that rank bottlenecks) has tails the family's pooled noise does not show:
// Simes judges each configuration against the pairs' or history's own jobs (SampleVerdict::p_one_job),
// while Stouffer's sum of independent jobs keeps the pooled p-values. A metric across runs (computation
// scalability, global efficiency) compares every configuration with the same reference runs, so its
// configurations move together by chance: Stouffer's sum, which needs them independent, is not taken,
// Simes' alone holds under such positive dependence.
double across_configurations_p(std::span<const double> scores, std::span<const double> one_job, bool independent) {
  if (!independent) return simes(one_job);
  const double combined = 2 * normal_upper_tail(std::abs(stouffer(scores)));
  return std::min(1.0, 2 * std::min(combined, simes(one_job)));
}

void decide(GateResult& result, const GateConfig& config, const std::string& candidate_commit,
            const std::string& today) {
  keep_family(result, config);
  diagnose_uniform_slowdowns(result);
  std::map<std::tuple<std::string, std::string, std::string>, const Check*> elapsed;
  for (Check& check : result.checks) {
    check.result.verdict = verdict_of(check.result, check.rule, config, one_job_may_explain(check));
    apply_waiver(match_waivers(config.waivers, check.region, check.metric, candidate_commit, today),
                 check.result.verdict, check.note);
    if (check.metric == model::MetricId::elapsed_ns)
      elapsed[{check.experiment, check.region, check.configuration.key()}] = &check;
  }
  for (const UniformMove& move : result.uniform_moves)
    decide_uniform(move, config, result.run_events);
  for (CountChange& change : result.count_changes)
    decide_count(change, elapsed, config, candidate_commit, today);

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
  // Nothing compared is no pass: no baseline runs, or every configuration of the candidate new (no
  // cell compared: none has a check, a count, a uniform move or a region on one side).
  const bool nothing_compared = !result.new_configurations.empty() && result.checks.empty() &&
                                result.count_changes.empty() && result.uniform_moves.empty() &&
                                result.new_regions.empty() && result.removed_regions.empty();
  if ((result.baseline_runs == 0 || nothing_compared) && result.overall != Verdict::regression) {
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
  if (result.overall == Verdict::no_baseline && result.baseline_runs == 0)
    return out + ": no baseline runs, nothing was compared";
  if (result.overall == Verdict::no_baseline)
    return out + ": no configuration of the candidate ran before it (" +
           std::to_string(result.new_configurations.size()) + " new), nothing was compared";
  out += ": no check moved beyond its noise and tolerance (" + std::to_string(result.checks.size()) + " checks, " +
         std::to_string(result.family) + " hypotheses judged together)";
  if (no_check_had_repetitions(result))
    out += "; with one run per commit only moves beyond the configured tolerances can fail, and a short "
           "history's few runs hide most others: repetitions of each configuration (tally run --repeat 3) "
           "let the gate see them";
  return out;
}

} // namespace tally::gate
