// SPDX-License-Identifier: BSD-3-Clause
// Runs grouped as the site shows them: per experiment, per commit and configuration, the
// repetitions (several runs of one commit and configuration).
#pragma once

#include "analysis/configuration.hpp"
#include "analysis/history/commit_axis.hpp"

#include "tally/model/scalability.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tally::analysis {

using Repetitions = std::vector<const ingest::LoadedRun*>;

struct Experiment {
  std::string name;
  model::Scaling scaling = model::Scaling::strong;
  std::string scaling_source;                                      ///< "option", "documents" or "default"
  std::vector<Configuration> configurations;                       ///< increasing resources
  std::vector<std::string> regions;                                ///< union over completed runs, Global first
  std::map<std::size_t, std::map<std::size_t, Repetitions>> cells; ///< commit position -> configuration index -> runs
  /// The runs that hung, keyed like `cells`: their measurements stop where they hung, so they are
  /// listed beside their cell's repetitions but are none of them (no median, series or baseline).
  std::map<std::size_t, std::map<std::size_t, Repetitions>> hung_cells;

  const Repetitions* repetitions(std::size_t commit, std::size_t configuration) const;
  /// The hung runs of a cell; nullptr when none hung.
  const Repetitions* hung_runs(std::size_t commit, std::size_t configuration) const;
  /// Commit positions that have runs, oldest first.
  std::vector<std::size_t> commits() const;
};

/// Groups the runs on the branch (off-branch runs are left out) by experiment, sorted by name;
/// hung runs go to `hung_cells`, the others to `cells`.
/// `scaling` given on the command line wins over the documents' own setting.
std::vector<Experiment> group_experiments(const ingest::RunSet& runs, const history::CommitAxis& axis,
                                          std::optional<model::Scaling> scaling);

} // namespace tally::analysis
