// SPDX-License-Identifier: BSD-3-Clause
// The resource label: counted nouns, "·" between kinds of resource, "×" between ranks and threads,
// the CPU frequency last.
#include "tally/model/resource_label.hpp"

#include <algorithm>
#include <cstdint>

namespace tally::model {
namespace {

std::string counted(std::uint64_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

/// kHz as GHz, exactly: "2.4 GHz", "2 GHz", "0.8 GHz" (integer arithmetic, no rounding).
std::string gigahertz(std::uint64_t khz) {
  std::string decimals = std::to_string(1'000'000 + khz % 1'000'000).substr(1);
  while (!decimals.empty() && decimals.back() == '0')
    decimals.pop_back();
  return std::to_string(khz / 1'000'000) + (decimals.empty() ? "" : "." + decimals) + " GHz";
}

} // namespace

std::string resource_label(const Resources& resources) {
  std::string label = counted(std::max<std::uint64_t>(resources.nodes, 1), "node", "nodes") + " · " +
                      counted(std::max<std::uint64_t>(resources.ranks, 1), "rank", "ranks") + " × " +
                      counted(std::max<std::uint64_t>(resources.threads_per_rank, 1), "thread", "threads");
  if (resources.gpus > 0) label += " · " + counted(resources.gpus, "GPU", "GPUs");
  if (resources.cpu_frequency_khz) label += " · " + gigahertz(*resources.cpu_frequency_khz);
  return label;
}

} // namespace tally::model
