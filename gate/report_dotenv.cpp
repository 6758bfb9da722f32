// SPDX-License-Identifier: BSD-3-Clause
// The verdict for CI scripts, as KEY=value lines, and whether an A/B study should confirm a
// history verdict that no history can settle (ci/tally-gate.sh --confirm reads it).
#include "gate/reports.hpp"

#include <algorithm>
#include <set>
#include <utility>

namespace tally::gate {
namespace {

/// A finding that fails the job or would: a regression, or a worse move left inconclusive.
bool worse_move(const Finding& finding) {
  return finding.verdict == Verdict::regression || (finding.verdict == Verdict::inconclusive && finding.worse);
}

/// A worse move that a slower runner explains as well as the code: the whole run's uniform move
/// along the history, or elapsed times diagnosed as a uniform slowdown of identical work.
bool uniform_move(const GateResult& result, const Finding& finding) {
  if (finding.run_event) return result.run_events[*finding.run_event].kind == RunEventKind::uniform;
  if (finding.checks.empty() || finding.metric != model::MetricId::elapsed_ns) return false;
  return std::all_of(finding.checks.begin(), finding.checks.end(),
                     [&](std::size_t check) { return !result.checks[check].diagnosis.empty(); });
}

/// Every region's elapsed time regressed at some configuration, with no hung or changed run: what
/// a slower runner does to a whole run, whatever small moves of its efficiencies (the same MPI time
/// beside longer computation, a shared runner's noise at a tolerance's floor) come with it.
bool every_region_slower(const GateResult& result) {
  for (const Finding& finding : result.findings) {
    if (finding.verdict == Verdict::regression && finding.run_event &&
        result.run_events[*finding.run_event].kind != RunEventKind::uniform)
      return false;
  }
  std::set<std::pair<std::string, std::string>> regions, slower;
  for (const Check& check : result.checks) {
    if (check.metric != model::MetricId::elapsed_ns) continue;
    regions.emplace(check.experiment, check.region);
    if (check.result.verdict == Verdict::regression) slower.emplace(check.experiment, check.region);
  }
  return !regions.empty() && slower.size() == regions.size();
}

/// A worse move left inconclusive whose every such check is one job's move on each side that nothing
/// in the comparison tells from the code (Check::job_state_untold: the baseline and the candidate
/// alone, too few regions at its configuration).
bool one_job_move(const GateResult& result, const Finding& finding) {
  if (finding.run_event || finding.verdict != Verdict::inconclusive) return false;
  const auto left = [&](std::size_t check) { return result.checks[check].result.verdict == Verdict::inconclusive; };
  return std::any_of(finding.checks.begin(), finding.checks.end(), left) &&
         std::all_of(finding.checks.begin(), finding.checks.end(),
                     [&](std::size_t check) { return !left(check) || result.checks[check].job_state_untold; });
}

/// One word: a verdict's name with its spaces as underscores ("no baseline" → "no_baseline").
std::string word(std::string_view text) {
  std::string out(text);
  std::replace(out.begin(), out.end(), ' ', '_');
  return out;
}

} // namespace

std::string_view to_string(Confirmation confirmation) {
  switch (confirmation) {
  case Confirmation::none: return "none";
  case Confirmation::inconclusive: return "inconclusive";
  case Confirmation::uniform: return "uniform";
  case Confirmation::one_job: return "one_job";
  }
  return "none";
}

Confirmation confirmation_of(const GateResult& result, bool paired) {
  if (paired) return Confirmation::none;
  if (result.overall != Verdict::regression && result.overall != Verdict::inconclusive) return Confirmation::none;
  const auto every_worse_move = [&](const auto& is_explained) {
    return std::any_of(result.findings.begin(), result.findings.end(), worse_move) &&
           std::all_of(result.findings.begin(), result.findings.end(),
                       [&](const Finding& finding) { return !worse_move(finding) || is_explained(finding); });
  };
  if (every_worse_move([&](const Finding& finding) { return uniform_move(result, finding); }) ||
      (result.overall == Verdict::regression && every_region_slower(result)))
    return Confirmation::uniform;
  if (result.overall == Verdict::regression) return Confirmation::none;
  return every_worse_move([&](const Finding& finding) { return one_job_move(result, finding); })
             ? Confirmation::one_job
             : Confirmation::inconclusive;
}

void write_dotenv(std::ostream& out, const GateResult& result, const VerdictSubject& subject) {
  out << "TALLY_VERDICT=" << word(to_string(result.overall)) << '\n';
  out << "TALLY_VERDICT_EXIT_CODE=" << exit_code_of(result) << '\n';
  out << "TALLY_VERDICT_CONFIRM=" << to_string(confirmation_of(result, subject.paired)) << '\n';
  out << "TALLY_VERDICT_CANDIDATE=" << word(subject.candidate_commit) << '\n';
  out << "TALLY_VERDICT_BASELINE=" << word(subject.baseline_commit) << '\n';
}

} // namespace tally::gate
