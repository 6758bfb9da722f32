// SPDX-License-Identifier: BSD-3-Clause
// Configuration labels and order.
#include "analysis/configuration.hpp"

#include "tally/model/resource_label.hpp"

#include <tuple>

namespace tally::analysis {

std::strong_ordering Configuration::operator<=>(const Configuration& other) const {
  return std::make_tuple(ranks * threads, nodes, gpus, ranks) <=>
         std::make_tuple(other.ranks * other.threads, other.nodes, other.gpus, other.ranks);
}

std::string Configuration::label() const {
  return model::resource_label(model::Resources{nodes, ranks, threads, gpus, {}});
}

std::string Configuration::key() const {
  return "n" + std::to_string(nodes) + "-r" + std::to_string(ranks) + "-t" + std::to_string(threads) + "-g" +
         std::to_string(gpus);
}

Configuration configuration_of(const model::RunDocument& document) {
  const model::Resources& r = document.resources;
  return Configuration{std::max<std::uint64_t>(r.nodes, 1), std::max<std::uint64_t>(r.ranks, 1),
                       std::max<std::uint64_t>(r.threads_per_rank, 1), r.gpus};
}

} // namespace tally::analysis
