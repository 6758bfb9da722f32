// SPDX-License-Identifier: BSD-3-Clause
// `tally gate`: compares the runs of a candidate commit with those of a baseline, or the pairs of
// an A/B study, and fails CI (exit 1) on a measured regression; 2 for usage and input errors.
#include "cli/commands.hpp"

#include "gate/commit_selection.hpp"
#include "gate/decision.hpp"
#include "gate/paired.hpp"
#include "gate/reports.hpp"
#include "gate/rules_file.hpp"

#include "analysis/ingest/run_loader.hpp"

#include "tally/model/atomic_file.hpp"

#include <chrono>
#include <ctime>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

namespace tally::cli {
namespace {

struct GateOptions {
  std::vector<std::string> inputs;
  gate::SelectionRequest selection;
  std::string study; ///< the A/B study to judge; empty: the input's only one
  std::string config;
  std::string waivers;
  std::string markdown;
  gate::MarkdownLimit markdown_limit;
  std::string junit;
  std::string metrics;
  std::string dotenv;
  bool strict = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
};

std::string today_utc() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
  return text;
}

/// Writes one report file whole or not at all; false (with the writer's message) when it cannot.
template <class Writer> bool write_file(const std::string& path, Writer writer) {
  if (path.empty()) return true;
  std::ostringstream text;
  writer(text);
  const model::WrittenFile written = model::write_file_atomically(path, text.str(), model::Existing::replace);
  if (!written.error.empty()) std::cerr << "tally gate: " << written.error << '\n';
  return written.error.empty();
}

int run_gate(const GateOptions& options) {
  gate::GateConfig config;
  for (const std::string& file : {options.config, options.waivers}) {
    if (file.empty()) continue;
    const auto problems = gate::read_gate_file(file, config);
    for (const std::string& problem : problems)
      std::cerr << "tally gate: " << problem << '\n';
    if (!problems.empty()) return 2;
  }
  const analysis::ingest::RunSet runs = analysis::ingest::load_runs(options.inputs, options.jobs);
  for (const analysis::ingest::InvalidDocument& document : runs.invalid) {
    for (const std::string& problem : document.problems)
      std::cerr << "tally gate: " << problem << '\n';
  }
  std::cerr << "tally gate: " << runs.runs.size() << " runs read\n";
  // Without a candidate commit the input's A/B study is judged, pair by pair.
  gate::GateResult result;
  gate::GateHeading heading;
  gate::VerdictSubject subject;
  if (options.selection.candidate.empty()) {
    auto found = gate::find_ab_study(runs, options.study);
    if (const auto* error = std::get_if<gate::AbStudyError>(&found)) {
      std::cerr << "tally gate: " << error->message << " (or give --candidate to gate commits)\n";
      return 2;
    }
    const auto& study = std::get<gate::AbStudy>(found);
    heading = {study.candidate_commit + " (A/B study " + study.id + ", candidate)",
               study.baseline_commit + " (the same study's baseline, pair by pair)"};
    subject = {study.candidate_commit, study.baseline_commit, true};
    result = gate::compare_pairs(runs, study, config, today_utc());
    for (const std::string& note : result.runner_notes)
      std::cerr << "tally gate: runner: " << note << '\n';
    for (const std::string& note : result.study_notes)
      std::cerr << "tally gate: study: " << note << '\n';
  } else {
    auto selected = gate::select_commits(runs, options.selection);
    if (const auto* error = std::get_if<gate::SelectionError>(&selected)) {
      std::cerr << "tally gate: " << error->message << '\n';
      return 2;
    }
    const auto& commits = std::get<gate::SelectedCommits>(selected);
    for (const std::string& note : commits.notes)
      std::cerr << "tally gate: " << note << '\n';
    heading = commits.heading;
    subject = {commits.candidate_commit, commits.baseline_commit, false};
    result = gate::compare_runs(runs, commits.selection, config, commits.candidate_commit, today_utc());
  }
  const char* level = options.strict ? "error" : "warning";
  for (const std::string& unused : result.unused_rules) {
    // Rules come from --config and waivers from --waivers, unless one file holds both.
    const bool waiver = unused.starts_with("/waivers/");
    const std::string& preferred = waiver ? options.waivers : options.config;
    const std::string& file = preferred.empty() ? (waiver ? options.config : options.waivers) : preferred;
    std::cerr << "tally gate: " << level << ": " << file << ": " << unused << '\n';
  }
  if (options.strict && !result.unused_rules.empty()) {
    std::cerr << "tally gate: --strict: " << result.unused_rules.size()
              << (result.unused_rules.size() == 1 ? " rule" : " rules") << " checked nothing; no report written\n";
    return 2;
  }

  const bool written =
      write_file(options.markdown,
                 [&](std::ostream& out) { gate::write_markdown(out, heading, result, options.markdown_limit); }) &
      write_file(options.junit, [&](std::ostream& out) { gate::write_junit(out, heading, result); }) &
      write_file(options.metrics, [&](std::ostream& out) { gate::write_metrics(out, result); }) &
      write_file(options.dotenv, [&](std::ostream& out) { gate::write_dotenv(out, result, subject); });
  const std::size_t findings = gate::write_findings(std::cout, result);
  std::size_t regressions = 0, improvements = 0, inconclusive = 0;
  for (const gate::Check& check : result.checks) {
    regressions += check.result.verdict == gate::Verdict::regression;
    improvements += check.result.verdict == gate::Verdict::improvement;
    inconclusive += check.result.verdict == gate::Verdict::inconclusive;
  }
  for (const std::string& reason : result.not_compared)
    std::cerr << "tally gate: not compared: " << reason << '\n';
  for (const std::string& note : result.reference_notes)
    std::cerr << "tally gate: reference configuration: " << note << '\n';
  std::cerr << "tally gate: " << gate::to_string(result.overall) << ": candidate " << heading.candidate << " ("
            << result.candidate_runs << " runs) against " << heading.baseline << " (" << result.baseline_runs
            << " runs): " << findings << (findings == 1 ? " finding" : " findings") << " from " << result.checks.size()
            << " checks, " << regressions << " regressions, " << improvements << " improvements, " << inconclusive
            << " inconclusive, " << result.new_regions.size() << " new and " << result.removed_regions.size()
            << " removed regions\n";
  for (const auto& [list, what] : {std::pair{&result.new_configurations, "new configuration (not in the baseline)"},
                                   {&result.removed_configurations, "configuration the candidate did not run"},
                                   {&result.older_baselines, "configuration the baseline did not run"}}) {
    for (const gate::OneSided& one : *list)
      std::cerr << "tally gate: " << what << ": " << one.experiment << " @ " << one.configuration.label()
                << (one.note.empty() ? "" : " (" + one.note + ")") << '\n';
  }
  std::cerr << "tally gate: " << gate::deciding_text(result) << '\n';
  if (!written) return 2;
  return gate::exit_code_of(result);
}

} // namespace

void add_gate_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GateOptions>();
  CLI::App* command = app.add_subcommand(
      "gate", "Compare a candidate commit's runs with a baseline's, or an A/B study's pairs; exit 1 on a "
              "regression");
  command->add_option("--input", options->inputs, "Folders (searched at any depth) or files of run documents")
      ->required();
  command->add_option("--repo", options->selection.repository, "Git repository resolving the revisions");
  command->add_option("--candidate", options->selection.candidate,
                      "Revision (or commit id) of the candidate (without it: the input's A/B study, pair by pair)");
  command->add_option("--study", options->study, "The A/B study to judge when the input holds several (its id)")
      ->excludes("--candidate");
  command
      ->add_option(
          "--baseline", options->selection.baseline,
          "Revision of the baseline (default: the merge base of a merge request, else the previous commit with runs)")
      ->needs("--candidate"); // an A/B study's baseline is its own side, and it needs no history
  command->add_option("--history", options->selection.history, "Baseline commits with runs pooled, newest first")
      ->needs("--candidate")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command
      ->add_option("--noise-history", options->selection.noise_history,
                   "Earlier commits with runs each check learns its noise from (0: the baseline's and the candidate's "
                   "repetitions alone)")
      ->needs("--candidate")
      ->capture_default_str();
  command->add_option("--config", options->config, "Rules, TOML or JSON (schemas/gate.v1.schema.json)");
  command->add_option("--waivers", options->waivers, "Waivers, TOML or JSON");
  command->add_option("--markdown", options->markdown, "Write the Markdown report to this file");
  command->add_option("--markdown-limit", options->markdown_limit.max_bytes,
                      "Largest Markdown report in bytes (0: no limit); over it the checks are left out");
  command->add_option("--details-url", options->markdown_limit.details_url,
                      "Where a report cut to --markdown-limit sends readers for the checks (the site)");
  command->add_option("--junit", options->junit, "Write the JUnit XML report to this file");
  command->add_option("--metrics", options->metrics, "Write the OpenMetrics report (GitLab metrics.txt) to this file");
  command->add_option(
      "--dotenv", options->dotenv,
      "Write the verdict as KEY=value lines for CI scripts (GitLab's dotenv report, GitHub's step "
      "outputs): TALLY_VERDICT, TALLY_VERDICT_EXIT_CODE, TALLY_VERDICT_CONFIRM (none, inconclusive, "
      "uniform or one_job: whether an A/B study should settle a history verdict), TALLY_VERDICT_CANDIDATE and "
      "TALLY_VERDICT_BASELINE (the newest baseline commit)");
  command->add_option("--jobs", options->jobs, "Threads reading documents")->capture_default_str();
  command->add_flag(
      "--strict", options->strict,
      "A rule or waiver that checks nothing (unknown name, region or metric absent) is an error (exit 2)");
  command->callback([options, &exit_code] { exit_code = run_gate(*options); });
}

} // namespace tally::cli
