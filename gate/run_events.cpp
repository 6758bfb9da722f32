// SPDX-License-Identifier: BSD-3-Clause
// Run events from the documents' run.outcome, run.hang and timeline; the behaviour itself is the
// profiler's reading of the timeline (docs/measuring.md, "The run's timeline"), compared here, never recomputed.
#include "gate/run_events.hpp"

#include "analysis/run_outcome.hpp"

#include <algorithm>
#include <set>

namespace tally::gate {
namespace {

std::string joined(const std::set<std::string>& words) {
  std::string out;
  for (const std::string& word : words)
    out += (out.empty() ? "" : ", ") + word;
  return out;
}

} // namespace

std::string_view to_string(RunEventKind kind) {
  switch (kind) {
  case RunEventKind::hung: return "hung";
  case RunEventKind::behaviour: return "behaviour";
  case RunEventKind::idle_nodes: return "idle nodes";
  case RunEventKind::uniform: return "uniform";
  case RunEventKind::spread: return "spread";
  }
  return "hung";
}

std::vector<RunEvent> hung_run_events(const std::string& experiment, const analysis::Configuration& configuration,
                                      const analysis::Repetitions& candidate_hung) {
  std::vector<RunEvent> out;
  for (const analysis::ingest::LoadedRun* run : candidate_hung) {
    const auto& hang = run->document.run.hang;
    // The reader refuses a hung document without its hang; the check keeps a bad caller harmless.
    const std::string where = hang ? analysis::hang_text(*hang) : std::string("where is not recorded");
    out.push_back({RunEventKind::hung, Verdict::regression, experiment, configuration, run->document.run.id, hang,
                   "hung: " + where + "; run " + run->document.run.id});
  }
  return out;
}

std::vector<RunEvent> compare_run_shapes(const std::string& experiment, const analysis::Configuration& configuration,
                                         const analysis::Repetitions& baseline,
                                         const analysis::Repetitions& candidate) {
  std::set<model::Behaviour> baseline_behaviours;
  std::size_t baseline_timelines = 0, baseline_most_idle = 0;
  std::set<std::string> baseline_words;
  for (const analysis::ingest::LoadedRun* run : baseline) {
    const auto& timeline = run->document.timeline;
    if (!timeline) continue;
    ++baseline_timelines;
    baseline_most_idle = std::max(baseline_most_idle, timeline->idle_nodes.size());
    if (timeline->behaviour && baseline_behaviours.insert(*timeline->behaviour).second)
      baseline_words.insert(analysis::behaviour_text(*timeline->behaviour));
  }
  std::set<model::Behaviour> new_behaviours;
  std::set<std::string> idle_nodes;
  std::size_t most_idle = 0;
  for (const analysis::ingest::LoadedRun* run : candidate) {
    const auto& timeline = run->document.timeline;
    if (!timeline) continue;
    const auto behaviour = timeline->behaviour;
    if (behaviour && *behaviour != model::Behaviour::stable && !baseline_behaviours.empty() &&
        !baseline_behaviours.contains(*behaviour))
      new_behaviours.insert(*behaviour);
    if (timeline->idle_nodes.size() > most_idle) {
      most_idle = timeline->idle_nodes.size();
      idle_nodes = std::set<std::string>(timeline->idle_nodes.begin(), timeline->idle_nodes.end());
    }
  }
  std::vector<RunEvent> out;
  for (const model::Behaviour behaviour : new_behaviours) {
    out.push_back({RunEventKind::behaviour, Verdict::warning, experiment, configuration, "", std::nullopt,
                   "behaviour: " + joined(baseline_words) + " → " + analysis::behaviour_text(behaviour) + " at " +
                       configuration.label()});
  }
  if (baseline_timelines > 0 && most_idle > baseline_most_idle) {
    out.push_back({RunEventKind::idle_nodes, Verdict::warning, experiment, configuration, "", std::nullopt,
                   "idle nodes: " + std::to_string(baseline_most_idle) + " → " + std::to_string(most_idle) + " (" +
                       joined(idle_nodes) + ") at " + configuration.label()});
  }
  return out;
}

} // namespace tally::gate
