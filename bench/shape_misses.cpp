// SPDX-License-Identifier: BSD-3-Clause
// Why the gate misses a grown region on histories whose regions and configurations come and go
// (history_shapes.hpp, ShapeKinds::churn), seed by seed, on the grown seeds of gate_rates.hpp: each
// history the gate did not fail naming its grown region, with its changes, whether the same seed
// without them was found, and what the gate said of that region at each configuration; then, per
// kind of change, how many shapes had it and how many of those were missed.
//   shape_misses [SEEDS] [COMMITS] [REPETITIONS] [DRIFTING] [MODE] [REPEATED]
// (default 100 4 3 1; REPEATED: HistoryOptions::repeated_share, 0) prints each miss; MODE `quiet` the
// counts alone, `noise` the noise-only histories the gate fails instead, each with its regressions'
// checks, `noise-quiet` their counts alone.
//   shape_misses rules [LONG] [SHORT] [FIRST]
// gate_shapes' four tables of rates (LONG seeds of the 12 x 5 histories, SHORT of the drifting 4 x 3)
// under the defaults and under rule sets a gate configuration can say (rule_sets, from the FIRST).
//   shape_misses confirmed [SEEDS] [PAIRS]
// the CI pipeline on the drifting 4 x 3 histories, plain and come and go: the history gate, then an
// A/B study of PAIRS pairs (default 5) where its verdict asks for one (ci/tally-gate.sh --confirm).
//   shape_misses short [SEEDS]
// the plain drifting histories of 2 x 3 and 3 x 3 (a configuration's history as churn shortens it).
#include "gate_rates.hpp"
#include "history_shapes.hpp"

#include "gate/decision.hpp"
#include "gate/findings.hpp"
#include "gate/reports.hpp"
#include "gate/statistics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace {

namespace bench = tally::bench;
namespace gate = tally::gate;

/// The first seeds of gate_rates' noise-only and grown histories.
constexpr std::uint64_t noise_seeds = 7000, grown_seeds = 8000;

bool found(const gate::GateResult& result, const std::string& region) {
  if (gate::exit_code_of(result) != 1) return false;
  const auto& findings = result.findings;
  return std::any_of(findings.begin(), findings.end(), [&](const gate::Finding& finding) {
    return finding.verdict == gate::Verdict::regression && finding.region == region;
  });
}

/// "z 2.1, p 0.04 (one job 0.09)" or "no scale".
std::string evidence_text(const gate::SampleVerdict& result) {
  if (!result.p_value) return "no scale";
  char text[128];
  std::snprintf(text, sizeof text, "z %.2f, p %.3g (one job %.3g)", result.z.value_or(0), *result.p_value,
                result.p_one_job.value_or(*result.p_value));
  return text;
}

/// Where a check's scale came from, in a word.
const char* evidence_name(gate::Evidence evidence) {
  switch (evidence) {
  case gate::Evidence::learned_noise: return "learned noise";
  case gate::Evidence::repetition_spread: return "repetitions";
  case gate::Evidence::single_runs: return "single runs";
  case gate::Evidence::tolerance_only: return "tolerance only";
  case gate::Evidence::paired_differences: return "pairs";
  }
  return "";
}

/// One check: its configuration, metric, evidence, runs on each side and verdict.
void print_check(const gate::Check& check) {
  const gate::SampleVerdict& r = check.result;
  std::printf("    %-40s %-24s %+.2f%s (tolerance %.2f), %s: %s, %zu history commits, runs %zu / %zu, %s%s%s%s%s -> "
              "%s\n",
              check.configuration.label().c_str(), std::string(tally::model::metric_info(check.metric).key).c_str(),
              r.change, check.rule.tolerance_in_pp ? " pp" : "%", check.rule.tolerance, evidence_name(r.evidence),
              evidence_text(r).c_str(), check.history_commits, check.baseline_values.size(),
              check.candidate_values.size(), r.kept ? "kept" : "not kept", r.suspected ? ", suspected" : "",
              check.cell_spread > 1 ? ", cell spread" : "",
              check.configuration_spread > 1 ? ", configurations' spread" : "",
              check.job_state_untold ? ", job state untold" : "", std::string(gate::to_string(r.verdict)).c_str());
}

/// Where the hypothesis of `region`'s `metric` stood in the first family (decision.cpp's keep_family,
/// rebuilt from the checks' evidence at the default rules: the hypotheses that wait for no other's,
/// gate::waited_for): its p-value over its configurations, its rank among the family's
/// hypotheses, how many they were, and the Benjamini-Hochberg line its rank had to pass (alpha x
/// rank / hypotheses).
struct Standing {
  double p_value = 1;
  std::size_t rank = 0;
  std::size_t hypotheses = 0;
  double line = 0;
  bool selected = false;
};

std::optional<Standing> standing_of(const gate::GateResult& result, const std::string& region,
                                    tally::model::MetricId metric) {
  const gate::GateConfig config{};
  struct Group {
    std::vector<double> scores, one_job;
    bool independent = true;
  };
  std::map<std::tuple<std::string, std::string, int>, Group> groups;
  for (const gate::Check& check : result.checks) {
    const gate::SampleVerdict& r = check.result;
    if (!r.p_value || r.certain_beyond_tolerance) continue;
    Group& group = groups[{check.experiment, check.region, static_cast<int>(check.metric)}];
    const double weight = check.rule.alpha > 0 ? config.alpha / check.rule.alpha : INFINITY;
    const double p = std::min(1.0, *r.p_value * weight);
    group.scores.push_back(std::copysign(gate::normal_score(p), r.z.value_or(0)));
    group.one_job.push_back(std::min(1.0, r.p_one_job.value_or(*r.p_value) * weight));
    group.independent = tally::model::metric_info(check.metric).scope != tally::model::MetricScope::across_runs;
  }
  std::map<std::string, Group> uniform;
  for (const gate::UniformMove& move : result.uniform_moves) {
    if (!move.result.p_value) continue;
    Group& group = uniform[move.experiment];
    group.scores.push_back(std::copysign(gate::normal_score(*move.result.p_value), move.result.z.value_or(0)));
    group.one_job.push_back(move.result.p_one_job.value_or(*move.result.p_value));
  }
  std::vector<double> family;
  std::optional<double> own;
  const auto combined = [](const Group& group) {
    return gate::across_configurations_p(group.scores, group.one_job, group.independent && group.scores.size() > 1);
  };
  const auto waits = [&](const std::tuple<std::string, std::string, int>& key) {
    const auto judged = [&](tally::model::MetricId above) {
      return groups.contains({std::get<0>(key), std::get<1>(key), static_cast<int>(above)});
    };
    return gate::waited_for(static_cast<tally::model::MetricId>(std::get<2>(key)), judged).has_value();
  };
  for (const auto& [key, group] : groups) {
    if (waits(key)) continue;
    family.push_back(combined(group));
    if (std::get<1>(key) == region && std::get<2>(key) == static_cast<int>(metric)) own = family.back();
  }
  for (const auto& [experiment, group] : uniform)
    family.push_back(combined(group));
  if (!own) return std::nullopt;
  Standing out{*own, 1, family.size(), 0, false};
  for (const double p : family)
    out.rank += p < *own ? 1 : 0;
  out.line = config.alpha * static_cast<double>(out.rank) / static_cast<double>(family.size());
  const std::vector<bool> selected = gate::benjamini_hochberg(family, config.alpha);
  for (std::size_t h = 0; h < family.size(); ++h)
    out.selected = out.selected || (family[h] == *own && selected[h]);
  return out;
}

/// What the gate said of `region`: at each configuration, its runs on each side and its elapsed
/// time's check, and its most significant worse check when another.
void print_region(const gate::GateResult& result, const std::string& region) {
  std::map<std::string, std::vector<const gate::Check*>> by_configuration;
  for (const gate::Check& check : result.checks) {
    if (check.region == region) by_configuration[check.configuration.label()].push_back(&check);
  }
  for (const auto& [label, checks] : by_configuration) {
    const gate::Check* elapsed = nullptr;
    const gate::Check* strongest = nullptr;
    for (const gate::Check* check : checks) {
      if (check->metric == tally::model::MetricId::elapsed_ns) elapsed = check;
      if (check->result.worse && check->result.p_value &&
          (!strongest || *check->result.p_value < *strongest->result.p_value))
        strongest = check;
    }
    for (const gate::Check* check : {elapsed, strongest == elapsed ? nullptr : strongest}) {
      if (check) print_check(*check);
    }
  }
  for (const gate::Finding& finding : result.findings) {
    if (finding.region == region)
      std::printf("    finding: %s: %s\n", std::string(gate::to_string(finding.verdict)).c_str(),
                  finding.summary.c_str());
  }
}

/// The noise-only histories the gate fails, each with its changes and its regressions' checks (with
/// `details`), then per kind of change how many shapes had it and how many of those were red.
void noise_alarms(int seeds, const bench::HistoryOptions& options, bool details) {
  std::array<int, bench::change_kinds.size()> with_kind{}, red_with_kind{};
  int red = 0;
  for (int i = 0; i < seeds; ++i) {
    const std::uint64_t seed = noise_seeds + static_cast<std::uint64_t>(i);
    const bench::ShapedHistory shaped = bench::shaped_history(seed, false, bench::ShapeKinds::churn, options);
    const gate::GateResult result = bench::gate_newest(shaped.history.runs, options.length.commits);
    const std::string shape = bench::describe(seed, shaped);
    const bool failed = gate::exit_code_of(result) == 1;
    for (std::size_t k = 0; k < bench::change_kinds.size(); ++k) {
      const bool has = shape.find(bench::change_kinds[k]) != std::string::npos;
      with_kind[k] += has ? 1 : 0;
      red_with_kind[k] += has && failed ? 1 : 0;
    }
    if (!failed) continue;
    ++red;
    if (!details) continue;
    std::printf("%s\n", shape.c_str());
    for (const gate::Finding& finding : result.findings) {
      if (finding.verdict != gate::Verdict::regression) continue;
      std::printf("  %s\n", finding.summary.c_str());
      for (const std::size_t c : finding.checks)
        print_check(result.checks[c]);
    }
  }
  std::printf("\n%d of %d noise-only histories red\n", red, seeds);
  std::printf("%-36s %6s %6s %9s\n", "change", "shapes", "red", "otherwise");
  for (std::size_t k = 0; k < bench::change_kinds.size(); ++k) {
    if (with_kind[k] > 0)
      std::printf("%-36s %6d %6d %4d/%-4d\n", bench::change_kinds[k], with_kind[k], red_with_kind[k],
                  red - red_with_kind[k], seeds - with_kind[k]);
  }
}

/// A rule set to measure against the defaults, as a user's gate configuration could say it.
struct RuleSet {
  const char* name;
  gate::GateConfig config;
};

/// The defaults, and rule sets that change the family the verdict rule controls: the elapsed
/// time's hypotheses weighed `weight` times, the others less so that the weights average 1 over the
/// metrics of a region's first family (the weighted Benjamini-Hochberg rule of Genovese, Roeder and
/// Wasserman 2006 keeps its rate at alpha); global efficiency (parallel efficiency × computation
/// scalability) out of the family, and with the elapsed time weighed.
std::vector<RuleSet> rule_sets() {
  const double alpha = gate::GateConfig{}.alpha;
  const auto ignoring = [](std::vector<const char*> metrics) {
    gate::GateConfig config;
    for (const char* metric : metrics) {
      gate::RuleOverride ignored;
      ignored.metrics = metric;
      ignored.direction = gate::Direction::ignored;
      config.rules.push_back(ignored);
    }
    return config;
  };
  // The elapsed time weighed `weight` among `metrics` metrics of the family's first level per
  // region (elapsed time, global and parallel efficiency, computation scalability), `base` ignoring
  // the rest.
  const auto weighted = [&](gate::GateConfig base, double weight, double metrics) {
    gate::RuleOverride others, elapsed;
    others.alpha = alpha * (metrics - weight) / (metrics - 1);
    elapsed.metrics = "elapsed_ns";
    elapsed.alpha = alpha * weight;
    base.rules.insert(base.rules.begin(), {others, elapsed});
    return base;
  };
  return {
      {"the defaults", {}},
      {"elapsed time weighed 1.5x", weighted({}, 1.5, 4)},
      {"elapsed time weighed 2x", weighted({}, 2, 4)},
      {"global efficiency not checked", ignoring({"global_efficiency"})},
      {"global efficiency not checked, elapsed time weighed 1.5x", weighted(ignoring({"global_efficiency"}), 1.5, 3)}};
}

/// The four tables of gate_shapes' rates under each rule set: `long_seeds` seeds of the 12 x 5
/// histories, `short_seeds` of the drifting 4 x 3.
void rules(int long_seeds, int short_seeds, std::size_t first) {
  bench::HistoryOptions steady{};
  bench::HistoryOptions drifting{};
  drifting.drifting_runner = true;
  drifting.length = {4, 3};
  const std::vector<RuleSet> sets = rule_sets();
  for (std::size_t i = first; i < sets.size(); ++i) {
    const RuleSet& set = sets[i];
    std::printf("\n=== %s\n", set.name);
    const auto plain = [](const bench::HistoryOptions& options) {
      return [options](std::uint64_t seed, bool grow) { return bench::realistic_history(seed, grow, options); };
    };
    const auto churn = [](const bench::HistoryOptions& options) {
      return [options](std::uint64_t seed, bool grow) {
        return bench::shaped_history(seed, grow, bench::ShapeKinds::churn, options).history;
      };
    };
    bench::realistic_rates("Plain, 12 x 5", bench::commits, plain(steady), long_seeds, set.config);
    bench::realistic_rates("Come and go, 12 x 5", bench::commits, churn(steady), long_seeds, set.config);
    bench::realistic_rates("Plain, drifting runner, 4 x 3", 4, plain(drifting), short_seeds, set.config);
    bench::realistic_rates("Come and go, drifting runner, 4 x 3", 4, churn(drifting), short_seeds, set.config);
  }
}

/// The CI pipeline on `seeds` histories of `options`, plain and come and go: the history gate, and
/// where its verdict asks for an A/B study (reports.hpp: confirmation_of, TALLY_VERDICT_CONFIRM,
/// which ci/tally-gate.sh confirms by default where the job can build the program) a study of
/// `pairs` pairs of the same seed's program (the same regions, noise and grown region,
/// gate_histories.hpp: realistic_ab_study), whose verdict decides. Noise-only red, grown red and
/// named, for the history gate alone and with its confirmations.
void confirmed(int seeds, const bench::HistoryOptions& options, int pairs) {
  std::printf("%d x %d%s, %d seeds; A/B studies of %d pairs where the history's verdict asks\n", options.length.commits,
              options.length.repetitions, options.drifting_runner ? ", drifting runner" : "", seeds, pairs);
  std::printf("%-12s %-22s %-14s %-14s %s\n", "history", "verdict", "noise only red", "grown named",
              "confirmed A/B (noise, grown)");
  for (const bool churn : {false, true}) {
    // By whether the candidate grew: histories the history's verdict fails (naming the grown
    // region), whose verdict asks for an A/B study, and that the pipeline fails.
    struct Counts {
      int history = 0, confirmed = 0, decided = 0;
    };
    std::array<Counts, 2> counts{};
    int other_region = 0;
    for (int i = 0; i < seeds; ++i) {
      for (const bool grow : {false, true}) {
        const std::uint64_t seed = (grow ? grown_seeds : noise_seeds) + static_cast<std::uint64_t>(i);
        const bench::RealisticHistory history =
            churn ? bench::shaped_history(seed, grow, bench::ShapeKinds::churn, options).history
                  : bench::realistic_history(seed, grow, options);
        const gate::GateResult result = bench::gate_newest(history.runs, options.length.commits);
        const bool history_says = grow ? found(result, history.grown_region) : gate::exit_code_of(result) == 1;
        bool decided = history_says;
        const bool confirm = gate::confirmation_of(result, false) != gate::Confirmation::none;
        if (confirm) {
          const bench::RealisticHistory study =
              bench::realistic_ab_study(seed, grow ? bench::AbChange::grown_region : bench::AbChange::none, pairs);
          other_region += study.grown_region != history.grown_region ? 1 : 0;
          const gate::GateResult paired = bench::gate_study(study.runs);
          decided = grow ? found(paired, history.grown_region) : gate::exit_code_of(paired) == 1;
        }
        Counts& count = counts[grow ? 1 : 0];
        count.history += history_says ? 1 : 0;
        count.confirmed += confirm ? 1 : 0;
        count.decided += decided ? 1 : 0;
      }
    }
    const auto& [noise, grown] = counts;
    const char* name = churn ? "come and go" : "plain";
    std::printf("%-12s %-22s %5d/%-8d %5d/%-8d\n", name, "the history's", noise.history, seeds, grown.history, seeds);
    std::printf("%-12s %-22s %5d/%-8d %5d/%-8d %d, %d\n", name, "confirmed where asked", noise.decided, seeds,
                grown.decided, seeds, noise.confirmed, grown.confirmed);
    if (other_region > 0) std::printf("studies whose grown region was another: %d\n", other_region);
  }
}

} // namespace

/// The plain histories whose configurations have one or two jobs of history, as churn leaves them:
/// drifting runner, 2 x 3 and 3 x 3.
void short_histories(int seeds) {
  for (const int commits : {2, 3}) {
    bench::HistoryOptions options{};
    options.drifting_runner = true;
    options.length = {commits, 3};
    bench::realistic_rates(
        "Plain, drifting runner, " + std::to_string(commits) + " x 3", commits,
        [options](std::uint64_t seed, bool grow) { return bench::realistic_history(seed, grow, options); }, seeds);
  }
}

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "short") {
    short_histories(argc > 2 ? std::atoi(argv[2]) : 100);
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "confirmed") {
    bench::HistoryOptions options{};
    options.length = {4, 3};
    options.drifting_runner = true;
    confirmed(argc > 2 ? std::atoi(argv[2]) : 100, options, argc > 3 ? std::atoi(argv[3]) : 5);
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "rules") {
    rules(argc > 2 ? std::atoi(argv[2]) : 100, argc > 3 ? std::atoi(argv[3]) : 100,
          argc > 4 ? static_cast<std::size_t>(std::atoi(argv[4])) : 0);
    return 0;
  }
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 100;
  bench::HistoryOptions options{};
  options.length = {argc > 2 ? std::atoi(argv[2]) : 4, argc > 3 ? std::atoi(argv[3]) : 3};
  options.drifting_runner = argc > 4 ? std::atoi(argv[4]) != 0 : true;
  options.repeated_share = argc > 6 ? std::atof(argv[6]) : 0.0;
  if (argc > 5 && std::string(argv[5]).starts_with("noise")) {
    noise_alarms(seeds, options, std::string(argv[5]) == "noise");
    return 0;
  }
  const bool details = !(argc > 5 && std::string(argv[5]) == "quiet");
  std::array<int, bench::change_kinds.size()> with_kind{}, missed_with_kind{};
  std::map<std::string, int> causes;                     // of the misses: what the gate said of the grown region
  std::map<std::size_t, std::pair<int, int>> by_cells;   // configurations its elapsed time was judged at: seeds, missed
  std::map<std::size_t, std::pair<int, int>> by_commits; // the most commits any of them was judged against
  std::map<std::size_t, std::pair<int, int>> by_runs;    // the fewest candidate runs any of them had
  std::map<std::string, std::pair<int, int>> evidence;   // of its elapsed-time checks: checks, of missed seeds
  int missed = 0, plain_found = 0, missed_plain_found = 0;
  for (int i = 0; i < seeds; ++i) {
    const std::uint64_t seed = grown_seeds + static_cast<std::uint64_t>(i);
    const bench::ShapedHistory shaped = bench::shaped_history(seed, true, bench::ShapeKinds::churn, options);
    const std::string region = shaped.history.grown_region;
    const gate::GateResult result = bench::gate_newest(shaped.history.runs, options.length.commits);
    const bool plain =
        found(bench::gate_newest(bench::realistic_history(seed, true, options).runs, options.length.commits), region);
    plain_found += plain ? 1 : 0;
    const std::string shape = bench::describe(seed, shaped);
    const bool miss = !found(result, region);
    for (std::size_t k = 0; k < bench::change_kinds.size(); ++k) {
      const bool has = shape.find(bench::change_kinds[k]) != std::string::npos;
      with_kind[k] += has ? 1 : 0;
      missed_with_kind[k] += has && miss ? 1 : 0;
    }
    std::size_t cells = 0, commits = 0, fewest_runs = SIZE_MAX;
    bool one_job = false, suspicion = false, regression = false;
    for (const gate::Check& check : result.checks) {
      if (check.region != region) continue;
      if (check.metric == tally::model::MetricId::elapsed_ns) {
        ++cells;
        commits = std::max(commits, check.history_commits);
        fewest_runs = std::min(fewest_runs, check.candidate_values.size());
        ++evidence[evidence_name(check.result.evidence)].first;
        evidence[evidence_name(check.result.evidence)].second += miss ? 1 : 0;
      }
      one_job = one_job || (check.result.verdict == gate::Verdict::inconclusive && check.result.kept);
      suspicion = suspicion || (check.result.verdict == gate::Verdict::inconclusive && !check.result.kept);
      regression = regression || check.result.verdict == gate::Verdict::regression;
    }
    ++by_cells[cells].first;
    by_cells[cells].second += miss ? 1 : 0;
    ++by_commits[commits].first;
    by_commits[commits].second += miss ? 1 : 0;
    if (cells > 0) {
      ++by_runs[fewest_runs].first;
      by_runs[fewest_runs].second += miss ? 1 : 0;
    }
    if (!miss) continue;
    ++missed;
    missed_plain_found += plain ? 1 : 0;
    ++causes[regression   ? "a check a regression, the finding naming another region or not failing"
             : one_job    ? "inconclusive: kept, but one job's state may explain it (cell or configurations' spread)"
             : suspicion  ? "inconclusive: suspected, not kept"
             : cells == 0 ? "not compared at any configuration"
                          : "passed: no move kept"];
    if (!details) continue;
    std::printf("%s\n  grown %s (%s, %.2f%% of the run's work); the same seed without the changes: %s\n  %s\n",
                shape.c_str(), region.c_str(), shaped.history.grown_is_phase ? "a phase" : "a sub-region",
                100 * shaped.history.grown_cost, plain ? "found" : "missed too", gate::deciding_text(result).c_str());
    print_region(result, region);
    if (const auto standing = standing_of(result, region, tally::model::MetricId::elapsed_ns))
      std::printf("    its elapsed time's hypothesis: p %.3g over its configurations, rank %zu of %zu hypotheses, "
                  "line %.3g: %s\n",
                  standing->p_value, standing->rank, standing->hypotheses, standing->line,
                  standing->selected ? "selected" : "not selected");
  }
  std::printf("\n%d of %d grown regions missed (%d of them found without the changes); the same seeds without the "
              "changes: %d found\n",
              missed, seeds, missed_plain_found, plain_found);
  std::printf("what the gate said of the grown region when missed:\n");
  for (const auto& [cause, count] : causes)
    std::printf("  %4d %s\n", count, cause.c_str());
  std::printf("%-36s %6s %6s %9s\n", "change", "shapes", "missed", "otherwise");
  for (std::size_t k = 0; k < bench::change_kinds.size(); ++k) {
    if (with_kind[k] > 0)
      std::printf("%-36s %6d %6d %4d/%-4d\n", bench::change_kinds[k], with_kind[k], missed_with_kind[k],
                  missed - missed_with_kind[k], seeds - with_kind[k]);
  }
  std::printf("configurations at which the grown region's elapsed time was judged: seeds, missed\n");
  for (const auto& [cells, counts] : by_cells)
    std::printf("  %2zu: %5d %5d\n", cells, counts.first, counts.second);
  std::printf("the most commits one of them was judged against: seeds, missed\n");
  for (const auto& [commits, counts] : by_commits)
    std::printf("  %2zu: %5d %5d\n", commits, counts.first, counts.second);
  std::printf("the fewest candidate runs one of them had: seeds, missed\n");
  for (const auto& [runs, counts] : by_runs)
    std::printf("  %2zu: %5d %5d\n", runs, counts.first, counts.second);
  std::printf("the evidence of its elapsed-time checks: checks, of missed seeds\n");
  for (const auto& [name, counts] : evidence)
    std::printf("  %-16s %5d %5d\n", name.c_str(), counts.first, counts.second);
  return 0;
}
