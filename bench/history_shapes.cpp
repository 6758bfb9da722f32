// SPDX-License-Identifier: BSD-3-Clause
// The shapes (history_shapes.hpp): each change is drawn with its own probability from the seed's
// generator, in a fixed order, so that a seed names one history on every machine.
#include "history_shapes.hpp"

#include "analysis/ingest/repeated_runs.hpp"

#include "tally/model/document_io.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <variant>

namespace tally::bench {
namespace {

using Random = std::mt19937_64;
using analysis::ingest::LoadedRun;

int commit_of(const LoadedRun& run) { return std::stoi(run.document.source->commit.substr(1)); }

bool chance(Random& random, double probability) { return std::bernoulli_distribution(probability)(random); }

int between(Random& random, int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); }

/// The program's region names but Global, and which of them may come and go: all but the grown
/// one under `churn`.
std::vector<std::string> movable_regions(const ShapedHistory& shaped, ShapeKinds kinds) {
  std::vector<std::string> out;
  for (const model::Region& region : shaped.history.runs.runs.front().document.regions) {
    const bool grown = region.name == shaped.history.grown_region && kinds == ShapeKinds::churn;
    if (region.name != "Global" && !grown) out.push_back(region.name);
  }
  return out;
}

/// The region left out of `run`; its sub-regions hang from its parent, as when a developer removes
/// an annotation around them.
void remove_region(LoadedRun& run, const std::string& name) {
  auto& regions = run.document.regions;
  const auto found =
      std::find_if(regions.begin(), regions.end(), [&](const model::Region& region) { return region.name == name; });
  if (found == regions.end()) return;
  const std::optional<std::string> parent = found->parent;
  regions.erase(found);
  for (model::Region& region : regions) {
    if (region.parent == name) region.parent = parent;
  }
}

/// Removes `name` from the runs of the commits in [first, last].
void remove_region_at(ShapedHistory& shaped, const std::string& name, int first, int last) {
  for (LoadedRun& run : shaped.history.runs.runs) {
    const int commit = commit_of(run);
    if (commit >= first && commit <= last) remove_region(run, name);
  }
}

/// Removes the runs that `drop` selects.
void remove_runs(ShapedHistory& shaped, const auto& drop) {
  auto& runs = shaped.history.runs.runs;
  runs.erase(std::remove_if(runs.begin(), runs.end(), drop), runs.end());
}

std::string pick(Random& random, const std::vector<std::string>& names) {
  return names[static_cast<std::size_t>(between(random, 0, static_cast<int>(names.size()) - 1))];
}

/// Regions added, removed and back after a gap.
void churn_regions(ShapedHistory& shaped, ShapeKinds kinds, Random& random) {
  const std::vector<std::string> regions = movable_regions(shaped, kinds);
  const int newest = shaped.newest;
  if (regions.empty() || newest < 2) return;
  if (chance(random, 0.5)) {
    const std::string name = pick(random, regions);
    const int since = between(random, 1, newest - 1); // 1: new in the candidate
    remove_region_at(shaped, name, 1, newest - since);
    shaped.changes.push_back("region " + name + " added " + std::to_string(since) + " commits before the newest");
  }
  if (chance(random, 0.5)) {
    const std::string name = pick(random, regions);
    const int gone = between(random, 1, newest - 1); // 1: gone in the candidate
    remove_region_at(shaped, name, newest - gone + 1, newest);
    shaped.changes.push_back("region " + name + " removed in the newest " + std::to_string(gone) + " commits");
  }
  if (chance(random, 0.3) && newest >= 3) {
    const std::string name = pick(random, regions);
    const int last = between(random, 2, newest - 1);
    const int first = between(random, 2, last);
    remove_region_at(shaped, name, first, last);
    shaped.changes.push_back("region " + name + " absent from commit " + std::to_string(first) + " to " +
                             std::to_string(last));
  }
}

/// A configuration added, dropped or missing from the baseline, and ragged repetitions.
void churn_runs(ShapedHistory& shaped, Random& random) {
  const int newest = shaped.newest;
  std::vector<std::uint64_t> ranks;
  for (const LoadedRun& run : shaped.history.runs.runs) {
    if (std::find(ranks.begin(), ranks.end(), run.document.resources.ranks) == ranks.end())
      ranks.push_back(run.document.resources.ranks);
  }
  const auto pick_ranks = [&] { return ranks[static_cast<std::size_t>(between(random, 0, int(ranks.size()) - 1))]; };
  const auto drop_configuration = [&](std::uint64_t at, int first, int last) {
    remove_runs(shaped, [&](const LoadedRun& run) {
      const int commit = commit_of(run);
      return run.document.resources.ranks == at && commit >= first && commit <= last;
    });
  };
  if (chance(random, 0.4) && newest >= 2) {
    const std::uint64_t at = pick_ranks();
    const int since = between(random, 1, newest - 1);
    drop_configuration(at, 1, newest - since);
    shaped.changes.push_back(std::to_string(at) + " ranks added " + std::to_string(since) +
                             " commits before the newest");
  }
  if (chance(random, 0.2) && newest >= 2 && ranks.size() > 1) {
    const std::uint64_t at = pick_ranks();
    const int gone = between(random, 1, newest - 1);
    drop_configuration(at, newest - gone + 1, newest);
    shaped.changes.push_back(std::to_string(at) + " ranks dropped in the newest " + std::to_string(gone) + " commits");
  }
  if (chance(random, 0.2) && newest >= 2) {
    const std::uint64_t at = pick_ranks();
    drop_configuration(at, newest - 1, newest - 1);
    shaped.changes.push_back(std::to_string(at) + " ranks missing from the baseline");
  }
  if (chance(random, 0.5)) {
    // Each run but the first of its commit and configuration is lost with probability 0.3.
    std::set<std::pair<int, std::uint64_t>> kept;
    remove_runs(shaped, [&](const LoadedRun& run) {
      const bool first = kept.insert({commit_of(run), run.document.resources.ranks}).second;
      return !first && chance(random, 0.3);
    });
    shaped.changes.push_back("ragged repetitions");
  }
}

/// The document as a version `version` writer would have written it, read back through the
/// migrations. Version 1 kept no region tree and no MPI counts.
LoadedRun as_older_version(const LoadedRun& run, int version) {
  nlohmann::json json = nlohmann::json::parse(model::write_run_document(run.document));
  json["schema"] = "tally.run/" + std::to_string(version);
  if (version == 1) {
    for (nlohmann::json& region : json["regions"]) {
      region.erase("parent");
      region["raw"].erase("mpi");
    }
  }
  model::ReadResult read = model::read_run_document(json, run.file.string());
  LoadedRun out = run;
  if (auto* document = std::get_if<model::RunDocument>(&read)) out.document = std::move(*document);
  return out;
}

/// Hung runs, older schema versions, duplicated ids, a renamed experiment, an unreadable document.
void hostile_artifacts(ShapedHistory& shaped, Random& random) {
  auto& runs = shaped.history.runs.runs;
  const auto any_run = [&] { return static_cast<std::size_t>(between(random, 0, int(runs.size()) - 1)); };
  if (chance(random, 0.3)) {
    const int count = between(random, 1, 3);
    for (int i = 0; i < count; ++i) {
      model::RunDocument& document = runs[any_run()].document;
      document.run.outcome = model::RunOutcome::hung;
      document.run.hang = model::Hang{0, "node0", "MPI_Recv", {}, 1'000'000'000};
    }
    shaped.changes.push_back(std::to_string(count) + " runs hung");
  }
  if (chance(random, 0.3)) {
    const int count = between(random, 1, 4);
    for (int i = 0; i < count; ++i) {
      const std::size_t at = any_run();
      runs[at] = as_older_version(runs[at], between(random, 1, model::run_schema_version - 1));
    }
    shaped.changes.push_back(std::to_string(count) + " documents of older schema versions");
  }
  if (chance(random, 0.3)) {
    const int count = between(random, 1, 3);
    for (int i = 0; i < count; ++i) {
      LoadedRun copy = runs[any_run()];
      copy.file = "copy-" + copy.file.string();
      runs.push_back(std::move(copy));
    }
    shaped.changes.push_back(std::to_string(count) + " run ids twice");
  }
  if (chance(random, 0.2) && shaped.newest >= 2) {
    const int before = between(random, 1, shaped.newest - 1);
    for (LoadedRun& run : runs) {
      if (commit_of(run) <= before) run.document.run.experiment += "-old";
    }
    shaped.changes.push_back("experiment renamed after commit " + std::to_string(before));
  }
  if (chance(random, 0.2)) {
    shaped.history.runs.invalid.push_back({"broken.json", {"broken.json: /: not valid JSON"}});
    shaped.changes.push_back("a document that does not read");
  }
}

/// `any`'s own length, program, runner and energy.
HistoryOptions drawn_options(Random& random) {
  HistoryOptions out;
  out.length = {between(random, 2, 8), between(random, 1, 4)};
  out.phases = between(random, 0, 2);
  out.drifting_runner = chance(random, 0.5);
  out.measured_energy = chance(random, 0.3);
  return out;
}

} // namespace

ShapedHistory shaped_history(std::uint64_t seed, bool grow, ShapeKinds kinds, const HistoryOptions& options) {
  Random random(seed ^ 0x5eed5eedULL);
  const HistoryOptions used = kinds == ShapeKinds::any ? drawn_options(random) : options;
  ShapedHistory out{realistic_history(seed, grow, used), used.length.commits, {}};
  out.changes.push_back(std::to_string(used.length.commits) + " commits x " + std::to_string(used.length.repetitions) +
                        " repetitions, " + std::to_string(used.phases) + " phases" +
                        (used.drifting_runner ? ", drifting runner" : "") +
                        (used.measured_energy ? ", measured energy" : ""));
  churn_regions(out, kinds, random);
  churn_runs(out, random);
  if (kinds == ShapeKinds::any) hostile_artifacts(out, random);
  // As load_runs reads them: each document's region index, a run id read once.
  for (LoadedRun& run : out.history.runs.runs)
    run.document.region_index = model::RegionIndex(run.document.regions);
  analysis::ingest::set_aside_repeated_runs(out.history.runs);
  return out;
}

std::string describe(std::uint64_t seed, const ShapedHistory& shaped) {
  std::string out = "seed " + std::to_string(seed) + ":";
  for (const std::string& change : shaped.changes)
    out += " " + change + ";";
  return out;
}

} // namespace tally::bench
