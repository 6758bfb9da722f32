// SPDX-License-Identifier: BSD-3-Clause
// `tally pages`: reads the runs, orders them by git history (or commit time), and writes the
// static site of one branch.
#include "cli/commands.hpp"

#include "analysis/energy/power_profile.hpp"
#include "analysis/experiment.hpp"
#include "analysis/history/branch_axis.hpp"
#include "analysis/history/published_branch.hpp"
#include "analysis/ingest/run_loader.hpp"
#include "gate/rules_file.hpp"
#include "gate/toml_text.hpp"
#include "pages/commit_page.hpp"
#include "pages/run_timeline_data.hpp"
#include "pages/site_builder.hpp"
#include "pages/site_inputs.hpp"

#include <iostream>
#include <memory>
#include <thread>

namespace tally::cli {
namespace {

/// The profile in `file` (TOML, or JSON for a `.json` file), or its problems.
std::variant<model::NodePowerProfile, std::vector<std::string>> read_power_profile_file(const std::string& file) {
  const auto tree = gate::load_json_or_toml(file);
  if (const auto* problems = std::get_if<model::Problems>(&tree)) return model::to_strings(*problems);
  return analysis::energy::read_power_profile(std::get<model::Json>(tree), file);
}

struct PagesOptions {
  std::vector<std::string> inputs;
  std::string output;
  std::string repository;
  std::string branch;
  std::string scaling;
  std::string templates;
  std::string gate_config;
  std::string power_profile;
  bool strict = false;
  std::size_t run_page_commits = pages::default_run_page_commits;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
};

int run_pages(PagesOptions options) {
  pages::SiteRequest request{options.output, options.branch, options.jobs, options.run_page_commits};
  if (!options.gate_config.empty()) {
    const auto problems = gate::read_gate_file(options.gate_config, request.gate_config);
    for (const std::string& problem : problems)
      std::cerr << "tally pages: " << problem << '\n';
    if (!problems.empty()) return 2;
  }
  if (!options.power_profile.empty()) {
    auto profile = read_power_profile_file(options.power_profile);
    if (const auto* problems = std::get_if<std::vector<std::string>>(&profile)) {
      for (const std::string& problem : *problems)
        std::cerr << "tally pages: " << problem << '\n';
      return 2;
    }
    request.power_profile = std::get<model::NodePowerProfile>(profile);
  }
  if (const std::vector<std::string> problems = pages::missing_input_problems(options.inputs); !problems.empty()) {
    for (const std::string& problem : problems)
      std::cerr << "tally pages: " << problem << '\n';
    std::cerr << "tally pages: no site written\n";
    return 2;
  }
  analysis::ingest::RunSet runs =
      analysis::ingest::load_runs(options.inputs, options.jobs, {.timeline_buckets = false});
  for (const analysis::ingest::InvalidDocument& document : runs.invalid) {
    for (const std::string& problem : document.problems)
      std::cerr << "tally pages: " << problem << '\n';
  }
  if (options.strict && !runs.invalid.empty()) {
    std::cerr << "tally pages: " << runs.invalid.size() << " invalid document(s) and --strict: no site written\n";
    return 1;
  }
  if (const auto problem = pages::no_valid_run_problem(options.inputs, runs)) {
    std::cerr << "tally pages: " << *problem << "; no site written\n";
    return 2;
  }
  const bool branch_asked = !options.branch.empty();
  if (!branch_asked) options.branch = analysis::history::most_named_branch(runs);
  request.branch = options.branch;
  // Runs that name no branch were measured outside CI, in the repository as it is checked out.
  const bool unnamed = !branch_asked && options.branch == analysis::history::unnamed_branch;
  const std::string history_revision = unnamed ? "HEAD" : options.branch;

  analysis::history::CommitAxis axis;
  if (options.repository.empty()) {
    axis = analysis::history::order_by_document_time(runs);
  } else {
    auto ordered = analysis::history::order_by_git_history(runs, options.repository, history_revision);
    if (const auto* error = std::get_if<std::string>(&ordered)) {
      std::cerr << "tally pages: " << *error << '\n';
      return 2;
    }
    axis = std::move(std::get<analysis::history::CommitAxis>(ordered));
  }
  const std::vector<analysis::Experiment> experiments =
      analysis::group_experiments(runs, axis, model::scaling_from_string(options.scaling));
  pages::restore_timelines_of_run_pages(runs, pages::runs_with_pages(experiments, axis, options.run_page_commits),
                                        options.jobs);
  try {
    const pages::Templates templates(options.templates.empty() ? pages::default_templates_folder()
                                                               : std::filesystem::path(options.templates));
    const auto index = pages::build_site(request, templates, runs, axis, experiments);
    std::cerr << "tally pages: " << runs.runs.size() << " runs, " << axis.commits.size() << " commits, "
              << experiments.size() << " experiments; site written to " << index.string() << '\n';
  } catch (const std::exception& error) {
    std::cerr << "tally pages: " << error.what() << '\n';
    return 2;
  }
  return 0;
}

} // namespace

void add_pages_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PagesOptions>();
  CLI::App* command = app.add_subcommand("pages", "Build the static site of a branch from run documents");
  command->add_option("--input", options->inputs, "Folders (searched at any depth) or files of run documents")
      ->required();
  command->add_option("--output", options->output, "Folder of the site; the branch goes to <output>/<branch>/")
      ->required();
  command->add_option("--repo", options->repository, "Git repository whose history orders the commits");
  command->add_option("--branch", options->branch, "Branch to publish (default: the branch the runs name)");
  command->add_option("--scaling", options->scaling, "Scaling of every experiment, over the documents' setting")
      ->check(CLI::IsMember({"strong", "weak"}));
  command->add_option("--templates", options->templates, "Folder of the site's templates");
  command->add_option("--gate-config", options->gate_config,
                      "Rules of the commits' gate verdicts, as tally gate --config (default: the gate's defaults)");
  command
      ->add_option("--run-pages", options->run_page_commits,
                   "Newest commits whose runs get a page of their own, the median repetition of each "
                   "configuration; other runs are rows of their commit's page")
      ->capture_default_str();
  command->add_option("--power-profile", options->power_profile,
                      "Node power profile (TOML, tally.power/1): each experiment gets a time-energy chart of its "
                      "newest commit, energy estimated by the model");
  command->add_flag("--strict", options->strict, "Fail (exit 1) when any document is invalid");
  command->add_option("--jobs", options->jobs, "Threads reading documents and writing pages")->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_pages(*options); });
}

} // namespace tally::cli
