// SPDX-License-Identifier: BSD-3-Clause
// Findings of the exact counts. Counts add up along the region tree (a call in `halo` is also a
// call of `step` and of Global), so the same change seen in a region and in the region it ran
// in is one cause: the innermost region's.
#include "gate/findings.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace tally::gate {
namespace {

/// The changes of one finding by configuration label, each as count name -> candidate - baseline.
using Deltas = std::map<std::string, std::map<std::string, double>>;

Deltas deltas_of(const Finding& finding, const std::vector<CountChange>& changes) {
  Deltas out;
  for (std::size_t index : finding.count_changes) {
    const CountChange& change = changes[index];
    out[change.configuration.label()][change.count] =
        static_cast<double>(change.candidate) - static_cast<double>(change.baseline);
  }
  return out;
}

/// The finding, in a region started inside `outer`'s region, whose changes are exactly outer's.
std::optional<std::size_t> explaining_child(std::size_t outer, const std::vector<Finding>& findings,
                                            const std::vector<CountChange>& changes) {
  const Finding& parent = findings[outer];
  const Deltas parent_deltas = deltas_of(parent, changes);
  for (std::size_t other = 0; other < findings.size(); ++other) {
    const Finding& child = findings[other];
    if (other == outer || child.experiment != parent.experiment || child.verdict != parent.verdict) continue;
    const CountChange& first = changes[child.count_changes.front()];
    if (first.parent != parent.region) continue;
    if (deltas_of(child, changes) == parent_deltas) return other;
  }
  return std::nullopt;
}

std::string summary_of(const Finding& finding, const std::vector<CountChange>& changes) {
  const std::string lead = changes[finding.count_changes.front()].configuration.label();
  std::string out = finding.region + ": ";
  bool first = true, time_changed = false;
  std::vector<std::string> others;
  for (std::size_t index : finding.count_changes) {
    const CountChange& change = changes[index];
    time_changed = time_changed || change.time_changed;
    const std::string label = change.configuration.label();
    if (label != lead) {
      if (std::find(others.begin(), others.end(), label) == others.end()) others.push_back(label);
      continue;
    }
    out += (first ? "" : ", ") + describe(change);
    first = false;
  }
  out += " at " + lead;
  for (std::size_t i = 0; i < others.size(); ++i)
    out += (i == 0 ? " (also at " : ", ") + others[i] + (i + 1 == others.size() ? ")" : "");
  // The time effect at the lead configuration: the region's elapsed-time change, judged as a check.
  char effect[64];
  std::snprintf(effect, sizeof effect, "elapsed time %+.1f%%", changes[finding.count_changes.front()].time_change);
  out += time_changed ? "; its time changed too (" + std::string(effect) + ")"
                      : "; with no time change (" + std::string(effect) + ", within noise)";
  return out + explains_text(finding);
}

} // namespace

std::vector<Finding> find_count_causes(const GateResult& result) {
  const std::vector<CountChange>& changes = result.count_changes;
  std::vector<Finding> findings;
  std::map<std::tuple<std::string, std::string, Verdict>, std::size_t> finding_of;
  for (std::size_t index = 0; index < changes.size(); ++index) {
    const CountChange& change = changes[index];
    const auto [at, added] =
        finding_of.try_emplace({change.experiment, change.region, change.verdict}, findings.size());
    if (added) {
      findings.push_back({change.verdict, change.experiment, change.region});
      findings.back().worse = change.verdict == Verdict::regression;
    }
    Finding& finding = findings[at->second];
    if (std::find(finding.configurations.begin(), finding.configurations.end(), change.configuration) ==
        finding.configurations.end())
      finding.configurations.push_back(change.configuration);
    finding.count_changes.push_back(index);
  }
  // Follow the tree down: a finding explained by a child moves to the end of its chain. The tree
  // has no cycle (the reader refuses one), so a chain ends within findings.size() steps.
  std::vector<std::optional<std::size_t>> moved_to(findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i)
    moved_to[i] = explaining_child(i, findings, changes);
  std::vector<std::optional<std::size_t>> target(findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (!moved_to[i]) continue;
    std::size_t at = *moved_to[i];
    for (std::size_t steps = 0; moved_to[at] && steps < findings.size(); ++steps)
      at = *moved_to[at];
    target[i] = at;
  }
  // The explained regions, nearest first: up the tree from the explaining region.
  for (std::size_t t = 0; t < findings.size(); ++t) {
    if (moved_to[t]) continue;
    std::optional<std::string> above = changes[findings[t].count_changes.front()].parent;
    for (std::size_t steps = 0; above && steps < findings.size(); ++steps) {
      const auto outer = std::find_if(findings.begin(), findings.end(), [&](const Finding& finding) {
        const auto index = static_cast<std::size_t>(&finding - findings.data());
        return finding.region == *above && target[index] == t;
      });
      if (outer == findings.end()) break;
      findings[t].explained_regions.push_back(outer->region);
      above = changes[outer->count_changes.front()].parent;
    }
  }
  std::vector<Finding> out;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (moved_to[i]) continue;
    std::sort(findings[i].configurations.begin(), findings[i].configurations.end());
    findings[i].summary = summary_of(findings[i], changes);
    out.push_back(std::move(findings[i]));
  }
  return out;
}

} // namespace tally::gate
