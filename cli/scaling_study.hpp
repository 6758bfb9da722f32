// SPDX-License-Identifier: BSD-3-Clause
// A scaling study in one call: the same command at several resource sizes ({ranks} in the
// command, and node counts: {nodes}, node_axis.hpp), optionally with a problem size per scale
// ({size}, weak scaling), several thread counts per scale ({threads} and OMP_NUM_THREADS) and
// several CPU frequencies ({frequency}, which the user's launcher applies, and TALLY_CPU_FREQUENCY,
// which the profiler records), repeated; or an A/B study of two builds ({program}), with or
// without these axes.
#pragma once

#include "cli/ab_study.hpp"
#include "cli/node_axis.hpp"
#include "cli/preload_choice.hpp"

#include <functional>

#include <string>
#include <vector>

namespace tally::cli {

struct StudyPlan {
  std::vector<std::string> scales{};  ///< replaces {ranks}
  std::vector<std::string> sizes{};   ///< replaces {size}; empty, or one per scale
  std::vector<std::string> threads{}; ///< replaces {threads} and sets OMP_NUM_THREADS; empty, or every
                                      ///< count run at every scale
  /// As the user wrote them (model::parse_frequency_khz); each, in kHz, replaces {frequency} and
  /// sets TALLY_CPU_FREQUENCY. Empty, or every frequency run at every scale and thread count.
  std::vector<std::string> frequencies{};
  unsigned repeat = 1;                   ///< runs of each configuration; in an A/B study, pairs
  AbPlan ab{};                           ///< the two builds of an A/B study; empty programs outside one
  std::vector<std::string> nodes{};      ///< replaces {nodes}; each runs every scale (or ranks per node)
  std::vector<std::string> node_ranks{}; ///< ranks on each node: {node_ranks}, and {ranks} = nodes × it
  std::vector<std::string> hosts{};      ///< the host file's hosts: {hosts} is the first {nodes}
};

/// The plan's node and rank axes (node_axis.hpp).
ResourceAxes resource_axes(const StudyPlan& plan);

/// Whether the plan is a study (several runs) rather than one run of the command.
bool is_study(const StudyPlan& plan);

/// The values of one run's placeholders (empty where the plan has none).
struct Placeholders {
  std::string ranks{};
  std::string nodes{};
  std::string node_ranks{};
  std::string hosts{};
  std::string size{};
  std::string threads{};
  std::string frequency_khz{};
  std::string program{};
};

/// The command of one run, with its placeholders replaced.
std::vector<std::string> study_command(const std::vector<std::string>& command, const Placeholders& values);

/// Why the plan cannot run with this command (empty when it can): its node and rank axes
/// (check_resource_axes), threads or frequencies without scales or nodes, a frequency that is
/// none, a placeholder the command lacks or one its option does not fill, an A/B study's programs
/// or commit (check_ab_plan).
std::string check_study(const std::vector<std::string>& command, const StudyPlan& plan);

/// Runs every resource point (node count × scale or ranks per node) × thread count × frequency ×
/// repetition one after the other (in an A/B study, each repetition a pair of runs, in the order
/// of side_of_run), with progress on stderr; a warning of the profiler about the machine or the setup is said by the
/// first run that meets it, not by every run (a TALLY_SAID_WARNINGS file, unless the user named one). Each run
/// preloads what `preload_for` gives its command; a run that gets no library stops the study (exit code 2, its
/// problem said). Stops at the first run that fails and returns its exit code (128 + signal when killed); 0 when all
/// passed. The plan must have passed check_study.
/// What one run preloads (LD_PRELOAD's value), chosen from its command once the placeholders are
/// filled, so that each side of an A/B study gets the library of its own program's MPI.
using PreloadFor = std::function<PreloadChoice(const std::vector<std::string>& command)>;

int run_study(const std::vector<std::string>& command, const StudyPlan& plan, const PreloadFor& preload_for);

} // namespace tally::cli
