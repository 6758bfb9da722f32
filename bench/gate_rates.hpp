// SPDX-License-Identifier: BSD-3-Clause
// The gate's rates on seeded histories of one program, whichever generator drew them: how often
// it is red on noise alone, and how often it is red naming the region a candidate made slower.
#pragma once

#include "gate/compare.hpp"

#include "gate_histories.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace tally::bench {

/// The gate's rules (the defaults unless `config` says otherwise) on commit `newest`
/// (bench::commit_name), its baseline and history chosen as CI chooses them.
gate::GateResult gate_newest(const analysis::ingest::RunSet& runs, int newest = bench::commits,
                             const gate::GateConfig& config = {});

/// The paired gate's rules on the A/B study `runs` hold, as `tally gate` judges one.
gate::GateResult gate_study(const analysis::ingest::RunSet& runs);

/// A history of `seed`, its candidate made slower or not.
using HistoryMaker = std::function<RealisticHistory(std::uint64_t seed, bool grow)>;

/// Prints, under `title`, how many of `seeds` noise-only histories the gate fails, how many grown
/// ones it fails naming the grown region, the inconclusive verdicts of both, and what cried wolf,
/// under the rules of `config`.
void realistic_rates(const std::string& title, int newest, const HistoryMaker& make, int seeds,
                     const gate::GateConfig& config = {});

} // namespace tally::bench
