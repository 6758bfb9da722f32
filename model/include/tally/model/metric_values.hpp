// SPDX-License-Identifier: BSD-3-Clause
// A set of metric values keyed by MetricId. A metric that cannot be computed is absent,
// never 0 or NaN.
#pragma once

#include "tally/model/metric_tree.hpp"

#include <array>
#include <optional>

namespace tally::model {

class MetricValues {
public:
  /// The value of a metric, or nullopt when it could not be computed.
  std::optional<double> get(MetricId id) const { return values_[index(id)]; }
  bool has(MetricId id) const { return values_[index(id)].has_value(); }
  void set(MetricId id, double value) { values_[index(id)] = value; }
  void erase(MetricId id) { values_[index(id)].reset(); }
  /// Sets the metric to the value, or makes it absent when there is none.
  void set_if(MetricId id, std::optional<double> value) { values_[index(id)] = value; }
  /// The metrics that have a value.
  MetricSet present() const {
    MetricSet out;
    for (std::size_t i = 0; i < metric_count; ++i)
      out[i] = values_[i].has_value();
    return out;
  }
  bool operator==(const MetricValues&) const = default;

private:
  static constexpr std::size_t index(MetricId id) { return static_cast<std::size_t>(id); }
  std::array<std::optional<double>, metric_count> values_{};
};

} // namespace tally::model
