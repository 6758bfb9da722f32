// SPDX-License-Identifier: BSD-3-Clause
// The shapes (history_shapes.hpp): each change is drawn with its own probability from the seed's
// generator, in a fixed order, so that a seed names one history on every machine.
#include "history_shapes.hpp"

#include "analysis/ingest/repeated_runs.hpp"

#include "tally/model/resource_label.hpp"

#include "tally/model/document_io.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
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

/// Whether `run` ran at `configuration`.
bool ran_at(const LoadedRun& run, const RunConfiguration& configuration) {
  const model::Resources& resources = run.document.resources;
  return resources.ranks == configuration.ranks && resources.nodes == configuration.nodes &&
         resources.threads_per_rank == configuration.threads &&
         resources.cpu_frequency_khz.value_or(0) == configuration.cpu_frequency_khz;
}

/// Removes the runs at `configuration` of the commits in [first, last].
void drop_configuration(ShapedHistory& shaped, const RunConfiguration& configuration, int first, int last) {
  remove_runs(shaped, [&](const LoadedRun& run) {
    const int commit = commit_of(run);
    return ran_at(run, configuration) && commit >= first && commit <= last;
  });
}

/// A configuration of ranks (one thread, no frequency said) added, dropped or missing from the
/// baseline, and ragged repetitions.
void churn_runs(ShapedHistory& shaped, Random& random) {
  const int newest = shaped.newest;
  std::vector<RunConfiguration> plain;
  for (const LoadedRun& run : shaped.history.runs.runs) {
    const RunConfiguration configuration{run.document.resources.ranks, run.document.resources.nodes};
    if (ran_at(run, configuration) && std::find(plain.begin(), plain.end(), configuration) == plain.end())
      plain.push_back(configuration);
  }
  const auto pick_plain = [&] { return plain[static_cast<std::size_t>(between(random, 0, int(plain.size()) - 1))]; };
  if (chance(random, 0.4) && newest >= 2) {
    const RunConfiguration at = pick_plain();
    const int since = between(random, 1, newest - 1);
    drop_configuration(shaped, at, 1, newest - since);
    shaped.changes.push_back(std::to_string(at.ranks) + " ranks added " + std::to_string(since) +
                             " commits before the newest");
  }
  if (chance(random, 0.2) && newest >= 2 && plain.size() > 1) {
    const RunConfiguration at = pick_plain();
    const int gone = between(random, 1, newest - 1);
    drop_configuration(shaped, at, newest - gone + 1, newest);
    shaped.changes.push_back(std::to_string(at.ranks) + " ranks dropped in the newest " + std::to_string(gone) +
                             " commits");
  }
  if (chance(random, 0.2) && newest >= 2) {
    const RunConfiguration at = pick_plain();
    drop_configuration(shaped, at, newest - 1, newest - 1);
    shaped.changes.push_back(std::to_string(at.ranks) + " ranks missing from the baseline");
  }
  if (chance(random, 0.5)) {
    // Each run but the first of its commit and configuration is lost with probability 0.3.
    std::set<std::pair<int, std::string>> kept;
    remove_runs(shaped, [&](const LoadedRun& run) {
      const bool first = kept.insert({commit_of(run), run.document.run.label}).second;
      return !first && chance(random, 0.3);
    });
    shaped.changes.push_back("ragged repetitions");
  }
}

/// "4 ranks x 2 threads", "1.6 GHz".
std::string threads_name(const RunConfiguration& configuration) {
  return std::to_string(configuration.ranks) + " ranks x " + std::to_string(configuration.threads) + " threads";
}
std::string frequency_name(std::uint64_t khz) {
  char name[32];
  std::snprintf(name, sizeof name, "%.1f GHz", static_cast<double>(khz) / 1e6);
  return name;
}

/// A window of a configuration's life: its runs at commits [first, last] are removed.
struct Gap {
  RunConfiguration configuration;
  int first = 0;
  int last = 0;
};

/// The configurations of threads and CPU frequencies a shape's program runs at besides the four,
/// and how they come and go, drawn before its history from a generator of their own (so that a
/// seed's other changes stay those it had before these were drawn). Each change has its own
/// probability; a configuration two changes draw lives where both let it.
struct ThreadsAndFrequencies {
  std::vector<RunConfiguration> configurations; ///< HistoryOptions::extra_configurations
  std::vector<Gap> gaps;
  int frequency_said_from = 0; ///< the four's runs say the nominal frequency from this commit on; 0: never
  std::vector<std::string> changes;
};

ThreadsAndFrequencies draw_threads_and_frequencies(std::uint64_t seed, int newest, ShapeKinds kinds) {
  ThreadsAndFrequencies out;
  if (newest < 2) return out;
  Random random(seed ^ 0x7f4eadf2ULL);
  const auto add = [&](const RunConfiguration& configuration) {
    if (std::find(out.configurations.begin(), out.configurations.end(), configuration) == out.configurations.end())
      out.configurations.push_back(configuration);
  };
  const auto threads_at = [&] {
    return RunConfiguration{std::uint64_t{1} << between(random, 0, 2), 1, std::uint64_t{2} << between(random, 0, 1)};
  };
  // OpenMP threads per rank: a configuration added, dropped or missing from the baseline, and a
  // configuration of ranks that went from one thread to several.
  if (chance(random, 0.3)) {
    const RunConfiguration at = threads_at();
    const int since = between(random, 1, newest - 1); // 1: new in the candidate
    add(at);
    out.gaps.push_back({at, 1, newest - since});
    out.changes.push_back(threads_name(at) + " added " + std::to_string(since) + " commits before the newest");
  }
  if (chance(random, 0.2)) {
    const RunConfiguration at = threads_at();
    const int gone = between(random, 1, newest - 1); // 1: gone in the candidate
    add(at);
    out.gaps.push_back({at, newest - gone + 1, newest});
    out.changes.push_back(threads_name(at) + " dropped in the newest " + std::to_string(gone) + " commits");
  }
  if (chance(random, 0.15)) {
    const RunConfiguration at = threads_at();
    add(at);
    out.gaps.push_back({at, newest - 1, newest - 1});
    out.changes.push_back(threads_name(at) + " missing from the baseline");
  }
  if (chance(random, 0.15)) {
    const RunConfiguration at = threads_at();
    const int since = between(random, 1, newest - 1);
    add(at);
    out.gaps.push_back({at, 1, newest - since});
    out.gaps.push_back({{at.ranks, 1}, newest - since + 1, newest});
    out.changes.push_back(std::to_string(at.ranks) + " ranks from 1 thread to " + std::to_string(at.threads) + ", " +
                          std::to_string(since) + " commits before the newest");
  }
  // A CPU frequency: runs at a lower one than the nominal at some of the ranks (a scaling study of
  // its own, whose reference is its fewest ranks), added, dropped or missing from the baseline, its
  // reference missing at some commits; and the four's runs saying the nominal frequency from a commit
  // on (a launcher told to set it: the same runs, new configurations).
  const std::uint64_t frequency = chance(random, 0.5) ? 1'600'000 : 2'000'000;
  constexpr std::array<std::array<std::uint64_t, 4>, 4> studies{{{1, 4}, {1, 2, 4}, {2, 4}, {1, 2, 4, 8}}};
  const auto& study = studies[static_cast<std::size_t>(between(random, 0, 3))];
  const bool added = chance(random, 0.3), dropped = chance(random, 0.2), missing = chance(random, 0.15),
             reference_missing = chance(random, 0.3), said = chance(random, 0.1);
  std::vector<RunConfiguration> at_frequency;
  for (const std::uint64_t ranks : study) {
    if (ranks > 0) at_frequency.push_back({ranks, ranks > 4 ? 2u : 1u, 1, frequency});
  }
  std::string ranks_list;
  for (const RunConfiguration& configuration : at_frequency)
    ranks_list += (ranks_list.empty() ? "" : ", ") + std::to_string(configuration.ranks);
  const std::string name = frequency_name(frequency) + " (" + ranks_list + " ranks)";
  const auto whole_study = [&](int first, int last) {
    for (const RunConfiguration& configuration : at_frequency)
      out.gaps.push_back({configuration, first, last});
  };
  if (added) {
    const int since = between(random, 1, newest - 1);
    whole_study(1, newest - since);
    out.changes.push_back(name + " added " + std::to_string(since) + " commits before the newest");
  }
  if (dropped) {
    const int gone = between(random, 1, newest - 1);
    whole_study(newest - gone + 1, newest);
    out.changes.push_back(name + " dropped in the newest " + std::to_string(gone) + " commits");
  }
  if (missing) {
    whole_study(newest - 1, newest - 1);
    out.changes.push_back(name + " missing from the baseline");
  }
  if (reference_missing) {
    // Any stretch of commits, the baseline's and the candidate's among them.
    const int last = between(random, 1, newest);
    const int first = between(random, 1, last);
    out.gaps.push_back({at_frequency.front(), first, last});
    out.changes.push_back(name + ", its reference (" + std::to_string(at_frequency.front().ranks) +
                          " ranks) missing at commits " + std::to_string(first) + " to " + std::to_string(last));
  }
  if (added || dropped || missing || reference_missing) {
    for (const RunConfiguration& configuration : at_frequency)
      add(configuration);
  }
  // Under churn the candidate keeps a baseline at its configurations: said from the baseline at the
  // latest (from the candidate on, nothing of it would be compared).
  const int said_by = kinds == ShapeKinds::churn ? newest - 1 : newest;
  if (said && said_by >= 2) {
    out.frequency_said_from = between(random, 2, said_by);
    out.changes.push_back("frequency said from commit " + std::to_string(out.frequency_said_from) + " on");
  }
  return out;
}

/// The runs `plan` leaves out removed, and the four's runs saying the nominal frequency from its
/// commit on.
void churn_threads_and_frequencies(ShapedHistory& shaped, const ThreadsAndFrequencies& plan) {
  for (const Gap& gap : plan.gaps)
    drop_configuration(shaped, gap.configuration, gap.first, gap.last);
  if (plan.frequency_said_from == 0) return;
  for (LoadedRun& run : shaped.history.runs.runs) {
    model::Resources& resources = run.document.resources;
    if (commit_of(run) < plan.frequency_said_from || resources.cpu_frequency_khz || resources.threads_per_rank > 1)
      continue;
    resources.cpu_frequency_khz = nominal_frequency_khz;
    run.document.run.label = model::resource_label(resources);
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
  HistoryOptions used = kinds == ShapeKinds::any ? drawn_options(random) : options;
  const ThreadsAndFrequencies plan = draw_threads_and_frequencies(seed, used.length.commits, kinds);
  used.extra_configurations.insert(used.extra_configurations.end(), plan.configurations.begin(),
                                   plan.configurations.end());
  ShapedHistory out{realistic_history(seed, grow, used), used.length.commits, {}};
  out.changes.push_back(std::to_string(used.length.commits) + " commits x " + std::to_string(used.length.repetitions) +
                        " repetitions, " + std::to_string(used.phases) + " phases" +
                        (used.drifting_runner ? ", drifting runner" : "") +
                        (used.measured_energy ? ", measured energy" : ""));
  churn_regions(out, kinds, random);
  churn_runs(out, random);
  churn_threads_and_frequencies(out, plan);
  out.changes.insert(out.changes.end(), plan.changes.begin(), plan.changes.end());
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
