// SPDX-License-Identifier: BSD-3-Clause
// Configuration labels, keys and order.
#include "analysis/configuration.hpp"

#include "tally/model/resource_label.hpp"

#include <optional>
#include <tuple>

namespace tally::analysis {

std::strong_ordering Configuration::operator<=>(const Configuration& other) const {
  return std::make_tuple(ranks * threads, nodes, gpus, ranks, cpu_frequency_khz) <=>
         std::make_tuple(other.ranks * other.threads, other.nodes, other.gpus, other.ranks, other.cpu_frequency_khz);
}

std::string Configuration::label() const {
  const auto frequency = cpu_frequency_khz > 0 ? std::optional(cpu_frequency_khz) : std::nullopt;
  return model::resource_label(model::Resources{nodes, ranks, threads, gpus, {}, frequency});
}

std::string Configuration::key() const {
  return "n" + std::to_string(nodes) + "-r" + std::to_string(ranks) + "-t" + std::to_string(threads) + "-g" +
         std::to_string(gpus) + (cpu_frequency_khz > 0 ? "-f" + std::to_string(cpu_frequency_khz) : "");
}

Configuration configuration_of(const model::RunDocument& document) {
  const model::Resources& r = document.resources;
  return Configuration{std::max<std::uint64_t>(r.nodes, 1), std::max<std::uint64_t>(r.ranks, 1),
                       std::max<std::uint64_t>(r.threads_per_rank, 1), r.gpus, r.cpu_frequency_khz.value_or(0)};
}

} // namespace tally::analysis
