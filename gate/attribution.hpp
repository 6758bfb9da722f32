// SPDX-License-Identifier: BSD-3-Clause
// Why a metric changed. The POP tree is multiplicative, so log(parent ratio) = Σ log(child
// ratio): each child's share of a change is its share of the log change. Elapsed time splits
// the same way into parallel efficiency and computation (useful time), and computation into
// instructions, IPC and frequency.
#pragma once

#include "gate/compare.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tally::gate {

/// One factor of a change: its share of the log change of the checked metric (1 = all of it;
/// negative when the factor moved the other way).
struct Contribution {
  std::string name; ///< display name, e.g. "MPI load balance"
  int depth = 1;    ///< 1: a factor of the checked metric; 2: a factor of a depth-1 factor; ...
  double share = 0;
};

/// The factors of the change of `metric` between baseline and candidate medians, depth first.
/// Ratio r = candidate / baseline. For a product metric, the children present on both sides
/// share the parent's log change in proportion to log r_child, normalised by their sum (which
/// equals log r_parent exactly for one repetition a side; with medians the sum is used so that
/// shares add up to 100%); recursively down to the leaves present. For elapsed time at one
/// configuration, T = Σ useful / (CPUs · parallel efficiency), hence
///   log r_T = −log r_parallel_efficiency + log r_useful, with log r_useful = log r_T + log r_PE,
/// and, with counters, Σ useful = instructions / (IPC · frequency), hence
///   log r_useful = log r_instructions − log r_IPC − log r_frequency.
/// Energy to solution is elapsed time × average power: log r_E = log r_T + log r_P.
/// Empty when the metric has no factors present or did not change.
std::vector<Contribution> attribute(model::MetricId metric, const model::MetricValues& baseline,
                                    const model::MetricValues& candidate);

/// A metric's name inside a sentence: "parallel efficiency", but "MPI load balance", "IPC".
std::string metric_in_text(model::MetricId metric);

/// "parallel efficiency 0.88 → 0.79 (−9.0 pp)": the check's medians and change; an energy check
/// names its basis: "energy to solution (measured, package + dram) 100.00 J → 112.00 J (+12.0%)".
std::string change_text(const Check& check);

/// A share of a change as a whole percentage, "83%" or "−5%".
std::string share_text(double share);

/// One line for a report: "timestep @ 4 ranks: parallel efficiency 0.88 → 0.79 (−9.0 pp); 83% from
/// MPI load balance, 17% from MPI communication efficiency". Depth-2 factors follow in brackets.
std::string describe(const Check& check);

/// At most this many regions are named as those that spent an energy change.
inline constexpr std::size_t spent_in_most = 3;

/// "spent in solve (+10.0 J, 83%), io (+2.0 J, 17%)": the regions directly inside the region of
/// `check`, an energy check, whose energy moved the same way, the largest part first, until they
/// account for half of the change (at most spent_in_most), each with its change in joules and its
/// share of `check`'s change; empty when none moved that way. Energy adds up across regions as
/// time does, so a Global finding says where the energy went even when no inner region's own
/// change stands out of its noise (region energies are attributed from readings, noisier than
/// Global's exact one).
std::string spent_in_text(const Check& check, const std::vector<Check>& checks);

} // namespace tally::gate
