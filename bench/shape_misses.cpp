// SPDX-License-Identifier: BSD-3-Clause
// Why the gate misses a grown region on histories whose regions and configurations come and go
// (history_shapes.hpp, ShapeKinds::churn), seed by seed, on the grown seeds of gate_rates.hpp: each
// history the gate did not fail naming its grown region, with its changes, whether the same seed
// without them was found, and what the gate said of that region at each configuration; then, per
// kind of change, how many shapes had it and how many of those were missed.
// `shape_misses [SEEDS] [COMMITS] [REPETITIONS] [DRIFTING] [noise]` (default 100 4 3 1); with `noise`, the
// noise-only histories the gate fails instead, each with its regressions' checks.
#include "gate_rates.hpp"
#include "history_shapes.hpp"

#include "gate/decision.hpp"
#include "gate/findings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

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

/// One check: its configuration, metric, evidence, runs on each side and verdict.
void print_check(const gate::Check& check) {
  const gate::SampleVerdict& r = check.result;
  std::printf("    %-40s %-24s %+.2f%s (tolerance %.2f), %s, %zu history commits, runs %zu / %zu, %s%s%s%s%s -> %s\n",
              check.configuration.label().c_str(), std::string(tally::model::metric_info(check.metric).key).c_str(),
              r.change, check.rule.tolerance_in_pp ? " pp" : "%", check.rule.tolerance, evidence_text(r).c_str(),
              check.history_commits, check.baseline_values.size(), check.candidate_values.size(),
              r.kept ? "kept" : "not kept", r.suspected ? ", suspected" : "",
              check.cell_spread > 1 ? ", cell spread" : "",
              check.configuration_spread > 1 ? ", configurations' spread" : "",
              check.job_state_untold ? ", job state untold" : "", std::string(gate::to_string(r.verdict)).c_str());
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

/// The noise-only histories the gate fails, each with its changes and its regressions' checks.
void noise_alarms(int seeds, const bench::HistoryOptions& options) {
  int red = 0;
  for (int i = 0; i < seeds; ++i) {
    const std::uint64_t seed = noise_seeds + static_cast<std::uint64_t>(i);
    const bench::ShapedHistory shaped = bench::shaped_history(seed, false, bench::ShapeKinds::churn, options);
    const gate::GateResult result = bench::gate_newest(shaped.history.runs, options.length.commits);
    if (gate::exit_code_of(result) != 1) continue;
    ++red;
    std::printf("%s\n", bench::describe(seed, shaped).c_str());
    for (const gate::Finding& finding : result.findings) {
      if (finding.verdict != gate::Verdict::regression) continue;
      std::printf("  %s\n", finding.summary.c_str());
      for (const std::size_t c : finding.checks)
        print_check(result.checks[c]);
    }
  }
  std::printf("\n%d of %d noise-only histories red\n", red, seeds);
}

} // namespace

int main(int argc, char** argv) {
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 100;
  bench::HistoryOptions options{};
  options.length = {argc > 2 ? std::atoi(argv[2]) : 4, argc > 3 ? std::atoi(argv[3]) : 3};
  options.drifting_runner = argc > 4 ? std::atoi(argv[4]) != 0 : true;
  if (argc > 5 && std::string(argv[5]) == "noise") {
    noise_alarms(seeds, options);
    return 0;
  }
  std::array<int, bench::change_kinds.size()> with_kind{}, missed_with_kind{};
  int missed = 0, plain_found = 0, missed_plain_found = 0, inconclusive = 0, passed = 0, other = 0;
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
    if (!miss) continue;
    ++missed;
    missed_plain_found += plain ? 1 : 0;
    const bool red = gate::exit_code_of(result) == 1;
    inconclusive += result.overall == gate::Verdict::inconclusive ? 1 : 0;
    passed += result.overall == gate::Verdict::pass ? 1 : 0;
    other += red ? 1 : 0;
    std::printf("%s\n  grown %s (%s, %.2f%% of the run's work); the same seed without the changes: %s\n  %s\n",
                shape.c_str(), region.c_str(), shaped.history.grown_is_phase ? "a phase" : "a sub-region",
                100 * shaped.history.grown_cost, plain ? "found" : "missed too", gate::deciding_text(result).c_str());
    print_region(result, region);
  }
  std::printf("\n%d of %d grown regions missed (%d of them found without the changes); the same seeds without the "
              "changes: %d found\n",
              missed, seeds, missed_plain_found, plain_found);
  std::printf("missed: %d inconclusive, %d passed, %d red naming another region\n", inconclusive, passed, other);
  std::printf("%-36s %6s %6s\n", "change", "shapes", "missed");
  for (std::size_t k = 0; k < bench::change_kinds.size(); ++k) {
    if (with_kind[k] > 0) std::printf("%-36s %6d %6d\n", bench::change_kinds[k], with_kind[k], missed_with_kind[k]);
  }
  return 0;
}
