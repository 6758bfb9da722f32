// SPDX-License-Identifier: BSD-3-Clause
// The site's files: pages rendered from templates, the stylesheet, a small marker per branch
// folder (its real name), and the top-level branch index rebuilt from those markers.
#include "pages/site_builder.hpp"

#include "analysis/parallel_for.hpp"
#include "analysis/region_evolution.hpp"
#include "gate/commit_selection.hpp"
#include "pages/color_scale.hpp"
#include "pages/commit_page.hpp"
#include "pages/index_page.hpp"
#include "pages/page_data.hpp"
#include "pages/region_page.hpp"
#include "pages/run_page.hpp"
#include "pages/site_output.hpp"
#include "pages/site_paths.hpp"
#include "pages/staged_site.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <utility>

namespace tally::pages {
namespace {

namespace fs = std::filesystem;
constexpr const char* branch_marker = "tally-branch.json";

/// The templates' stylesheet, the efficiency colours and the chart series' styles, which are the
/// colour scale's to say.
std::string stylesheet(const Templates& templates) {
  return read_text_file(templates.folder() / "style.css") + efficiency_stylesheet() + series_stylesheet();
}

/// The index of every branch folder below `output`, the staged one's marker for its own branch.
std::string branch_index(const fs::path& output, const std::string& own_folder, const fs::path& own_marker,
                         const Templates& templates) {
  std::map<std::string, fs::path> markers{{own_folder, own_marker}}; // sorted by folder name
  for (const auto& entry : fs::directory_iterator(output)) {
    const std::string name = entry.path().filename().string();
    // Branch folders never start with '.'; staging folders do.
    if (!name.starts_with('.') && entry.is_directory() && fs::exists(entry.path() / branch_marker))
      markers.emplace(name, entry.path() / branch_marker);
  }
  TemplateList branches;
  for (const auto& [folder, path] : markers) {
    nlohmann::json marker = nlohmann::json::parse(read_text_file(path), nullptr, false);
    if (!marker.is_object()) continue;
    TemplateData item;
    item.set("name", marker.value("branch", folder));
    item.set("link", folder + "/index.html");
    item.set("updated", marker.value("updated", ""));
    branches.push_back(std::move(item));
  }
  TemplateData data;
  data.set("title", "Branches");
  data.set("root", "");
  data.set("branches", branches);
  return templates.render("branches", data);
}

} // namespace

fs::path build_site(const SiteRequest& request, const Templates& templates, const analysis::ingest::RunSet& runs,
                    const analysis::history::CommitAxis& axis, const std::vector<analysis::Experiment>& experiments) {
  const std::string branch_folder = path_slug(request.branch);
  StagedSite staged(request.output, branch_folder, request.calls);
  const fs::path& folder = staged.folder();
  const auto write_page = [&](const fs::path& path, const std::string& content) {
    write_site_file(path, content, request.calls);
  };
  const std::string style = stylesheet(templates);
  write_page(folder / "style.css", style);
  // The newest commits gated against their parent as `tally gate` would, with the site's rules.
  const BranchVerdicts verdicts =
      gate::branch_verdicts(runs, axis, request.gate_config, gate::SelectionRequest{}.noise_history,
                            request.verdict_commits, request.threads);
  const model::NodePowerProfile* power_profile = request.power_profile ? &*request.power_profile : nullptr;
  // Series and change points once, for the index, the dashboards and the region pages.
  const auto evolutions = analysis::region_evolutions(experiments, evolution_chart_metrics(), request.threads);
  write_page(folder / "index.html",
             templates.render("index", index_page_data(experiments, evolutions, runs, axis, request.branch, verdicts,
                                                       power_profile)));
  const RunPages run_pages = runs_with_pages(experiments, axis, request.run_page_commits);
  const CommitPageContext commit_context{axis, experiments, request.branch, run_pages, verdicts};
  analysis::parallel_for(axis.commits.size(), request.threads, [&](std::size_t position) {
    write_page(folder / commit_page_path(axis.commits[position]),
               templates.render("commit", commit_page_data(commit_context, position)));
  });
  // Region and run pages are independent of each other: rendered on all threads.
  std::vector<std::pair<std::size_t, std::size_t>> regions;
  for (std::size_t e = 0; e < experiments.size(); ++e) {
    for (std::size_t r = 0; r < experiments[e].regions.size(); ++r)
      regions.emplace_back(e, r);
  }
  analysis::parallel_for(regions.size(), request.threads, [&](std::size_t i) {
    const auto [e, r] = regions[i];
    const analysis::Experiment& experiment = experiments[e];
    const std::string& region = experiment.regions[r];
    write_page(folder / region_page_path(experiment.name, region),
               templates.render("region", region_page_data(experiment, region, evolutions[e][r], axis, request.branch,
                                                           verdicts, power_profile)));
  });
  analysis::parallel_for(runs.runs.size(), request.threads, [&](std::size_t i) {
    const analysis::ingest::LoadedRun& run = runs.runs[i];
    if (!run_pages.contains(&run)) return;
    write_page(folder / run_page_path(run.document), templates.render("run", run_page_data(run, request.branch)));
  });
  const std::string newest = axis.commits.empty() ? "" : axis.commits.back().time;
  write_page(folder / branch_marker, nlohmann::json{{"branch", request.branch}, {"updated", newest}}.dump(
                                         -1, ' ', false, nlohmann::json::error_handler_t::replace) +
                                         "\n");
  staged.stage_top_file("index.html", branch_index(request.output, branch_folder, folder / branch_marker, templates));
  staged.stage_top_file("style.css", style);
  staged.publish();
  return request.output / branch_folder / "index.html";
}

} // namespace tally::pages
