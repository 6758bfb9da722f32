// SPDX-License-Identifier: BSD-3-Clause
// The runs of an A/B study (run.ab_study) grouped as the gate compares them: per experiment and
// configuration, each candidate run beside the baseline run of its pair.
#pragma once

#include "analysis/configuration.hpp"
#include "analysis/experiment.hpp"

#include <map>
#include <string>
#include <vector>

namespace tally::analysis {

/// One configuration of one experiment in the study.
struct AbPairs {
  std::string experiment;
  model::Scaling scaling = model::Scaling::strong; ///< as the documents declare it
  Configuration configuration;
  Repetitions baseline;       ///< the completed pairs' baseline runs, in pair order
  Repetitions candidate;      ///< their candidate runs, in the same order
  Repetitions candidate_hung; ///< candidate runs that hung, whether or not their pair is complete
  /// Each pair left out or doubled, one line: "pair 3: the baseline's run hung (b3.json): left
  /// out", "pair 2: no candidate run: left out", "pair 4: 2 baseline runs (a.json, b.json): the
  /// first kept". Pair numbers are the study's own, from 1.
  std::vector<std::string> pairing_notes;
};

struct AbStudyRuns {
  std::vector<AbPairs> configurations;                     ///< by experiment, then increasing resources
  std::map<std::string, std::vector<std::string>> regions; ///< per experiment, from completed runs, Global first
  std::size_t baseline_runs = 0;                           ///< of the study, hung ones included
  std::size_t candidate_runs = 0;
};

/// The runs of study `id` in `runs`, paired: a pair is complete when both sides have a completed
/// run of that pair number and configuration; a pair with one side missing or hung is left out,
/// and of several completed runs of one side of a pair the first in file order is kept, each said
/// in AbPairs::pairing_notes.
AbStudyRuns pair_ab_study(const ingest::RunSet& runs, const std::string& id);

} // namespace tally::analysis
