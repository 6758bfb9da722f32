// SPDX-License-Identifier: BSD-3-Clause
// The resource configuration of a run (nodes × ranks × threads × GPUs, at the CPU frequency it was
// asked for): the columns of a scaling table and the lines of an evolution chart.
#pragma once

#include "tally/model/run_document.hpp"

#include <compare>
#include <cstdint>
#include <string>

namespace tally::analysis {

struct Configuration {
  std::uint64_t nodes = 1;
  std::uint64_t ranks = 1;
  std::uint64_t threads = 1; ///< per rank
  std::uint64_t gpus = 0;
  std::uint64_t cpu_frequency_khz = 0; ///< the CPU frequency the runs were asked for; 0: none said

  /// Increasing resources: CPUs first, then nodes, then GPUs; the same resources at increasing
  /// frequency (none said first).
  std::strong_ordering operator<=>(const Configuration& other) const;
  bool operator==(const Configuration&) const = default;

  /// model::resource_label: "2 nodes · 8 ranks × 4 threads" (· 2 GPUs, · 2.4 GHz when there are some).
  std::string label() const;
  /// "n2-r8-t4-g0", then "-f2400000" with a frequency: safe in file names and URLs, and the keys
  /// of runs without a frequency stay those of the documents before it was recorded.
  std::string key() const;
};

Configuration configuration_of(const model::RunDocument& document);

} // namespace tally::analysis
