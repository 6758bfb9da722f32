// SPDX-License-Identifier: BSD-3-Clause
// Grouping works on the checks' own verdicts and medians: a finding never re-judges a check,
// it only says which moved check explains which.
#include "gate/findings.hpp"

#include "gate/attribution.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <map>
#include <tuple>

namespace tally::gate {
namespace {

using model::MetricId;

bool is_computation(MetricId metric) {
  return metric == MetricId::useful_ipc || metric == MetricId::useful_frequency_ghz ||
         metric == MetricId::useful_instructions;
}

bool same_cell(const Check& a, const Check& b) {
  return a.experiment == b.experiment && a.region == b.region && a.configuration == b.configuration &&
         a.result.verdict == b.result.verdict;
}

/// The metric of the same cell that explains `check`, when one moved the same way.
/// Global efficiency is the product of parallel efficiency and computation scalability and moves
/// whenever either does: the one that moved is the cause, so global efficiency is never a root
/// while a factor moved (computation scalability first, what a scaling study protects).
std::optional<MetricId> explainer(const Check& check, const std::vector<const Check*>& cell) {
  const auto moved = [&](auto predicate) {
    return std::find_if(cell.begin(), cell.end(), [&](const Check* other) { return predicate(other->metric); });
  };
  const auto moved_metric = [&](MetricId id) { return moved([&](MetricId m) { return m == id; }) != cell.end(); };
  if (check.metric == MetricId::global_efficiency) {
    for (const MetricId factor : {MetricId::computation_scalability, MetricId::parallel_efficiency}) {
      if (moved_metric(factor)) return factor;
    }
    return std::nullopt;
  }
  for (auto parent = model::metric_info(check.metric).parent; parent; parent = model::metric_info(*parent).parent) {
    if (*parent != MetricId::global_efficiency && moved_metric(*parent)) return parent;
  }
  // A slower run spends more energy at the same power: the time is the cause.
  const bool follows_time = is_computation(check.metric) || check.metric == MetricId::energy_j;
  if (follows_time && moved_metric(MetricId::elapsed_ns)) return MetricId::elapsed_ns;
  if (check.metric == MetricId::elapsed_ns) {
    const auto efficiency = moved([](MetricId m) {
      return m != MetricId::global_efficiency && model::metric_info(m).kind == model::MetricKind::efficiency;
    });
    if (efficiency != cell.end()) return (*efficiency)->metric;
    if (moved_metric(MetricId::computation_scalability)) return MetricId::computation_scalability;
  }
  return std::nullopt;
}

/// Whether `check`, a metric across runs, only mirrors its reference configuration's own move: the
/// region's elapsed time there moved the other way (a slower reference makes every other
/// configuration scale better). Such a check belongs to that move's finding.
const Check* mirrored_reference(const Check& check, const std::vector<const Check*>& moved,
                                const analysis::Configuration& reference) {
  if (model::metric_info(check.metric).scope != model::MetricScope::across_runs) return nullptr;
  const auto opposite = [](Verdict a, Verdict b) {
    return (a == Verdict::regression && b == Verdict::improvement) ||
           (a == Verdict::improvement && b == Verdict::regression);
  };
  for (const Check* other : moved) {
    if (other->experiment == check.experiment && other->region == check.region && other->configuration == reference &&
        other->metric == MetricId::elapsed_ns && opposite(other->result.verdict, check.result.verdict))
      return other;
  }
  return nullptr;
}

/// The finding's checks of `metric` in its own region, one per configuration.
std::vector<const Check*> checks_of(const Finding& finding, MetricId metric, const std::vector<Check>& checks) {
  std::vector<const Check*> out;
  for (std::size_t index : finding.checks) {
    const Check& check = checks[index];
    if (check.region == finding.region && check.metric == metric) out.push_back(&check);
  }
  return out;
}

/// The finding's checks that are its cause, one per configuration.
std::vector<const Check*> causes_of(const Finding& finding, const std::vector<Check>& checks) {
  return checks_of(finding, finding.metric, checks);
}

double baseline_time(const Check& check) { return check.baseline_medians.get(MetricId::elapsed_ns).value_or(0); }

/// How much of the larger region's move the smaller region's move accounts for, in the larger
/// one's unit: times, energies and counts add up across regions, per-region ratios weigh by time share.
double contribution(const Check& smaller, const Check& larger) {
  const double delta = smaller.result.candidate_median - smaller.result.baseline_median;
  const model::MetricKind kind = model::metric_info(smaller.metric).kind;
  if (kind == model::MetricKind::time || kind == model::MetricKind::energy || kind == model::MetricKind::count)
    return delta;
  return delta * baseline_time(smaller) / baseline_time(larger);
}

/// Each region's parent in the region tree, per experiment, as the checks recorded it.
using RegionParents = std::map<std::pair<std::string, std::string>, std::optional<std::string>>;

RegionParents region_parents(const std::vector<Check>& checks) {
  RegionParents out;
  for (const Check& check : checks)
    out.try_emplace({check.experiment, check.region}, check.parent);
  return out;
}

/// Whether `inner` can explain a move of `outer`'s region: it ran inside it (an ancestor in the
/// region tree) when the runs record the tree, else it takes less time (DLB TALP's flat regions).
bool runs_inside(const Check& inner, const Check& outer, const RegionParents& parents) {
  if (!inner.parent) return baseline_time(inner) < baseline_time(outer);
  // The depth bound guards against a cycle in documents written by hand.
  std::optional<std::string> above = inner.parent;
  for (std::size_t depth = 0; above && depth < parents.size(); ++depth) {
    if (*above == outer.region) return true;
    const auto next = parents.find({inner.experiment, *above});
    above = next == parents.end() ? std::nullopt : next->second;
  }
  return false;
}

/// The finding, in a region inside `larger`'s, that explains `larger`; nullopt when none does. The
/// inner finding explains through its checks of `larger`'s metric, its cause or one it explains
/// (Global's load balance by solve's parallel efficiency, whose load balance fell with it).
std::optional<std::size_t> explaining_region(std::size_t larger, const std::vector<Finding>& findings,
                                             const std::vector<Check>& checks, const RegionParents& parents) {
  const Finding& parent = findings[larger];
  std::optional<std::size_t> best;
  double best_share = 0, total = 0, parent_move = 0;
  for (const Check* parent_check : causes_of(parent, checks)) {
    const double move = std::abs(parent_check->result.candidate_median - parent_check->result.baseline_median);
    if (move < parent_move) continue;
    parent_move = move;
    best.reset();
    best_share = total = 0;
    for (std::size_t other = 0; other < findings.size(); ++other) {
      const Finding& child = findings[other];
      if (other == larger || child.experiment != parent.experiment || child.verdict != parent.verdict) continue;
      for (const Check* child_check : checks_of(child, parent.metric, checks)) {
        if (child_check->configuration != parent_check->configuration) continue;
        if (!runs_inside(*child_check, *parent_check, parents)) continue;
        const double share = std::abs(contribution(*child_check, *parent_check));
        total += share;
        if (share > best_share) best_share = share, best = other;
      }
    }
  }
  if (parent_move == 0 || total < 0.5 * parent_move) return std::nullopt;
  return best;
}

/// "2 and 4 ranks" when only the rank count differs on one node without threads, GPUs or CPU
/// frequency (MPI scaling, the common case), else the full labels: "1 node · 4 ranks × 2 threads and ...".
std::string configurations_text(const std::vector<analysis::Configuration>& configurations) {
  const bool ranks_only = std::all_of(configurations.begin(), configurations.end(), [](const auto& configuration) {
    return configuration.nodes == 1 && configuration.threads == 1 && configuration.gpus == 0 &&
           configuration.cpu_frequency_khz == 0;
  });
  std::string out;
  for (std::size_t i = 0; i < configurations.size(); ++i) {
    if (i > 0) out += i + 1 == configurations.size() ? " and " : ", ";
    out += ranks_only ? std::to_string(configurations[i].ranks) : configurations[i].label();
  }
  if (ranks_only) out += configurations.size() == 1 && configurations.front().ranks == 1 ? " rank" : " ranks";
  return out;
}

/// The chain of dominant factors below the part at `from` − 1 (parts in pre-order), starting at
/// `depth`: at each level the factor with the largest share, as long as it carries at least half
/// of the change ("MPI parallel efficiency 97% › MPI load balance 90%"); `last` becomes the last
/// one named.
std::string dominant_chain(const std::vector<Contribution>& parts, std::size_t from, int depth,
                           std::string_view& last) {
  std::string out;
  for (;; ++depth) {
    std::optional<std::size_t> dominant;
    for (std::size_t i = from; i < parts.size() && parts[i].depth >= depth; ++i) {
      if (parts[i].depth == depth && (!dominant || parts[i].share > parts[*dominant].share)) dominant = i;
    }
    if (!dominant || parts[*dominant].share < 0.5) break;
    out += (out.empty() ? "" : " \u203a ") + parts[*dominant].name + " " + share_text(parts[*dominant].share);
    last = parts[*dominant].name;
    from = *dominant + 1;
  }
  return out;
}

/// A factor of a time's or an energy's change carrying less than this share of it is named
/// without its own factors: they would split a move too small to tell anything.
constexpr double chained_share = 0.2;

/// "MPI parallel efficiency 97% › MPI load balance 90%": the factor with the largest share at
/// each level, as long as it carries at least half of the change; for elapsed time and energy
/// every factor, each with its own dominant chain ("28% from parallel efficiency (MPI parallel
/// efficiency 100% › MPI load balance 100%)"), so that a time finding names the efficiency that cost
/// it even where that efficiency's own move is not confirmed.
std::string attribution_text(const Check& check) {
  const std::vector<Contribution> parts = attribute(check.metric, check.baseline_medians, check.candidate_medians);
  std::string out;
  if (check.metric == MetricId::elapsed_ns || check.metric == MetricId::energy_j) {
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (parts[i].depth != 1) continue;
      std::string_view below_last;
      const std::string below =
          std::abs(parts[i].share) >= chained_share ? dominant_chain(parts, i + 1, 2, below_last) : "";
      out += (out.empty() ? "" : ", ") + share_text(parts[i].share) + " from " + parts[i].name +
             (below.empty() ? "" : " (" + below + ")");
    }
    return out;
  }
  std::string_view last = model::metric_info(check.metric).display_name;
  out = dominant_chain(parts, 0, 1, last);
  // Without counters, computation scalability has no factors to name: say what it measured.
  const bool scalability_fell = check.result.worse && !check.candidate_medians.has(MetricId::instruction_scaling);
  if (scalability_fell && last == model::metric_info(MetricId::computation_scalability).display_name)
    out += std::string(out.empty() ? "" : ": ") + "useful time grows with ranks (no counters to split it)";
  return out;
}

/// The cause of `finding` whose change is largest: the one its summary shows.
const Check& largest_change(const Finding& finding, const std::vector<Check>& checks) {
  const std::vector<const Check*> causes = causes_of(finding, checks);
  return **std::max_element(causes.begin(), causes.end(), [](const Check* a, const Check* b) {
    return std::abs(a->result.change) < std::abs(b->result.change);
  });
}

/// Why a check's scale was widened (cell_spread.hpp): "judged against the spread of its
/// configuration's regions, 2.4× its noise".
std::string cell_spread_text(double spread) {
  char text[96];
  std::snprintf(text, sizeof text, "judged against the spread of its configuration's regions, %.1f× its noise", spread);
  return text;
}

/// Why a kept move is inconclusive where nothing else tells its job's state (configuration_spread.hpp):
/// "its other configurations moved as one job's state would, 2.3× its noise (the baseline and the
/// candidate alone)".
std::string configuration_spread_text(double spread) {
  char text[160];
  std::snprintf(text, sizeof text,
                "its other configurations moved as one job's state would, %.1f× its noise (the baseline and the "
                "candidate alone)",
                spread);
  return text;
}

std::string summary_of(const Finding& finding, const std::vector<Check>& checks,
                       const analysis::Configuration& smallest) {
  const Check& lead = largest_change(finding, checks);
  std::string out = finding.region + ": " + change_text(lead) + " at " + configurations_text({lead.configuration});
  std::vector<analysis::Configuration> others;
  for (const analysis::Configuration& configuration : finding.configurations) {
    if (configuration != lead.configuration) others.push_back(configuration);
  }
  if (!others.empty()) out += " (also at " + configurations_text(others) + ")";
  if (finding.scaling)
    out += ", not at " + configurations_text({smallest}) + ": a scaling " + std::string(to_string(finding.verdict));
  const std::string why = attribution_text(lead);
  if (!why.empty()) out += ": " + why;
  if (lead.metric == MetricId::energy_j) {
    const std::string spent = spent_in_text(lead, checks);
    if (!spent.empty()) out += "; " + spent;
  }
  if (!lead.diagnosis.empty()) out += "; " + lead.diagnosis;
  if (lead.cell_spread > 1) out += "; " + cell_spread_text(lead.cell_spread);
  if (lead.configuration_spread > 1) out += "; " + configuration_spread_text(lead.configuration_spread);
  return out;
}

/// A finding's move in a few words, for the finding of its region it is merged into: its largest
/// change and every configuration that shows it.
std::string consequence_text(const Finding& finding, const std::vector<Check>& checks) {
  const Check& lead = largest_change(finding, checks);
  const std::string why = attribution_text(lead);
  return change_text(lead) + " at " + configurations_text(finding.configurations) +
         (why.empty() ? "" : " (" + why + ")");
}

/// One cause per region: a region's findings of one verdict are one change of its code seen in
/// several of its metrics (elapsed time at one scale, load balance at another, the global
/// efficiency they make), however the machine's load spreads their evidence. They become one
/// finding, headed by the one costing the run most (its configurations are the head's); the others
/// follow in its summary ("; with ...", each at its own configurations) and their checks and
/// explained regions under it.
std::vector<Finding> one_per_region(std::vector<Finding> findings, const std::vector<Check>& checks) {
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding& a, const Finding& b) { return a.impact > b.impact; });
  std::vector<Finding> out;
  std::vector<std::vector<std::string>> consequences;
  std::map<std::tuple<std::string, std::string, Verdict>, std::size_t> head_of;
  for (Finding& finding : findings) {
    const auto [at, added] = head_of.try_emplace({finding.experiment, finding.region, finding.verdict}, out.size());
    if (added) {
      out.push_back(std::move(finding));
      consequences.emplace_back();
      continue;
    }
    Finding& head = out[at->second];
    consequences[at->second].push_back(consequence_text(finding, checks));
    head.checks.insert(head.checks.end(), finding.checks.begin(), finding.checks.end());
    for (const std::string& region : finding.explained_regions) {
      if (std::find(head.explained_regions.begin(), head.explained_regions.end(), region) ==
          head.explained_regions.end())
        head.explained_regions.push_back(region);
    }
    head.worse = head.worse || finding.worse;
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (std::size_t c = 0; c < consequences[i].size(); ++c)
      out[i].summary += (c == 0 ? "; with " : ", ") + consequences[i][c];
    out[i].summary += explains_text(out[i]);
  }
  return out;
}

} // namespace

std::string explains_text(const Finding& finding) {
  std::string out;
  for (std::size_t i = 0; i < finding.explained_regions.size(); ++i)
    out += (i == 0 ? "; explains " : ", ") + finding.explained_regions[i];
  return out;
}

std::vector<Finding> find_causes(const GateResult& result) {
  const std::vector<Check>& checks = result.checks;
  // The reference of the metrics across runs (analysis::reference_runs): the fewest resources of a
  // region at each CPU frequency, since runs at another frequency are another scaling study.
  std::map<std::tuple<std::string, std::string, std::uint64_t>, analysis::Configuration> smallest;
  for (const Check& check : checks) {
    auto [at, added] = smallest.try_emplace({check.experiment, check.region, check.configuration.cpu_frequency_khz},
                                            check.configuration);
    if (!added) at->second = std::min(at->second, check.configuration);
  }
  std::vector<const Check*> moved;
  for (const Check& check : checks) {
    if (check.result.verdict != Verdict::pass) moved.push_back(&check);
  }
  std::vector<std::pair<std::size_t, const Check*>> mirrors; // check index, the reference's move it mirrors
  std::erase_if(moved, [&](const Check* check) {
    const Check* mirrored = mirrored_reference(
        *check, moved, smallest.at({check->experiment, check->region, check->configuration.cpu_frequency_khz}));
    if (mirrored) mirrors.emplace_back(static_cast<std::size_t>(check - checks.data()), mirrored);
    return mirrored != nullptr;
  });
  // Causes: moved checks that nothing else in their cell explains, merged across configurations.
  std::vector<Finding> findings;
  std::map<std::tuple<std::string, std::string, MetricId, Verdict>, std::size_t> finding_of;
  std::vector<std::pair<std::size_t, std::optional<MetricId>>> explained; // check index, by which metric
  for (const Check* check : moved) {
    std::vector<const Check*> cell;
    for (const Check* other : moved) {
      if (other != check && same_cell(*other, *check)) cell.push_back(other);
    }
    const auto index = static_cast<std::size_t>(check - checks.data());
    if (const auto by = explainer(*check, cell)) {
      explained.emplace_back(index, by);
      continue;
    }
    const auto key = std::tuple{check->experiment, check->region, check->metric, check->result.verdict};
    auto [at, added] = finding_of.try_emplace(key, findings.size());
    if (added) findings.push_back({check->result.verdict, check->experiment, check->region, check->metric});
    findings[at->second].configurations.push_back(check->configuration);
    findings[at->second].checks.push_back(index);
  }
  // Explained checks follow their cause, which is a root of the same cell; a cause explained in
  // turn (energy by elapsed time, elapsed time by an efficiency) hands them on.
  const auto explained_by = [&](const Check& check, MetricId metric) -> std::optional<MetricId> {
    for (const auto& [index, by] : explained) {
      if (checks[index].metric == metric && same_cell(checks[index], check)) return by;
    }
    return std::nullopt;
  };
  for (const auto& [index, by] : explained) {
    const Check& check = checks[index];
    MetricId cause = *by;
    for (std::size_t hops = 0; hops < model::metric_count; ++hops) {
      const auto next = explained_by(check, cause);
      if (!next) break;
      cause = *next;
    }
    for (auto parent = model::metric_info(cause).parent; parent; parent = model::metric_info(*parent).parent) {
      if (finding_of.contains({check.experiment, check.region, *parent, check.result.verdict})) cause = *parent;
    }
    const auto at = finding_of.find({check.experiment, check.region, cause, check.result.verdict});
    if (at != finding_of.end()) findings[at->second].checks.push_back(index);
  }
  for (const auto& [index, mirrored] : mirrors) {
    const auto mirrored_index = static_cast<std::size_t>(mirrored - checks.data());
    for (Finding& finding : findings) {
      if (std::find(finding.checks.begin(), finding.checks.end(), mirrored_index) != finding.checks.end())
        finding.checks.push_back(index);
    }
  }
  // A region's finding that regions inside it explain moves under the one explaining most.
  const RegionParents parents = region_parents(checks);
  std::vector<std::optional<std::size_t>> moved_to(findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i)
    moved_to[i] = explaining_region(i, findings, checks, parents);
  // Each configuration orders the regions by time, but two configurations may order two regions
  // differently: a finding whose chain of explanations comes back to it stays where it is.
  const auto end_of_chain = [&](std::size_t from) -> std::optional<std::size_t> {
    std::size_t at = from;
    for (std::size_t steps = 0; moved_to[at]; ++steps) {
      if (steps == findings.size()) return std::nullopt;
      at = *moved_to[at];
    }
    return at;
  };
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (moved_to[i] && !end_of_chain(i)) moved_to[i].reset();
  }
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (!moved_to[i]) continue;
    const std::size_t target = *end_of_chain(i);
    std::vector<std::string>& explained_regions = findings[target].explained_regions;
    if (std::find(explained_regions.begin(), explained_regions.end(), findings[i].region) == explained_regions.end())
      explained_regions.push_back(findings[i].region);
    findings[target].checks.insert(findings[target].checks.end(), findings[i].checks.begin(), findings[i].checks.end());
  }
  std::vector<Finding> roots;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (moved_to[i]) continue;
    Finding& finding = findings[i];
    std::sort(finding.configurations.begin(), finding.configurations.end());
    const analysis::Configuration& least =
        smallest.at({finding.experiment, finding.region, finding.configurations.front().cpu_frequency_khz});
    const bool directed = finding.verdict == Verdict::regression || finding.verdict == Verdict::improvement;
    finding.scaling = directed && finding.configurations.front() != least;
    finding.summary = summary_of(finding, checks, least);
    for (const Check* cause : causes_of(finding, checks)) {
      finding.worse = finding.worse || cause->result.worse;
      finding.impact = std::max(finding.impact, cause->result.impact);
    }
    roots.push_back(std::move(finding));
  }
  std::vector<Finding> out = one_per_region(std::move(roots), checks);
  std::vector<Finding> counts = find_count_causes(result);
  std::move(counts.begin(), counts.end(), std::back_inserter(out));
  std::vector<Finding> events = find_run_event_causes(result);
  std::move(events.begin(), events.end(), std::back_inserter(out));
  return out;
}

} // namespace tally::gate
