// SPDX-License-Identifier: BSD-3-Clause
// The resource label: counted nouns, "·" between kinds of resource, "×" between ranks and threads.
#include "tally/model/resource_label.hpp"

#include <algorithm>
#include <cstdint>

namespace tally::model {
namespace {

std::string counted(std::uint64_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

} // namespace

std::string resource_label(const Resources& resources) {
  std::string label = counted(std::max<std::uint64_t>(resources.nodes, 1), "node", "nodes") + " · " +
                      counted(std::max<std::uint64_t>(resources.ranks, 1), "rank", "ranks") + " × " +
                      counted(std::max<std::uint64_t>(resources.threads_per_rank, 1), "thread", "threads");
  if (resources.gpus > 0) label += " · " + counted(resources.gpus, "GPU", "GPUs");
  return label;
}

} // namespace tally::model
