// SPDX-License-Identifier: BSD-3-Clause
// The metric tree table: keys, parents and the products it promises.
#include "tally/model/metric_tree.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(MetricTree, every_key_maps_back_to_its_id) {
  for (const MetricInfo& metric : metric_table()) {
    EXPECT_EQ(metric_from_key(metric.key), metric.id) << metric.key;
  }
  EXPECT_FALSE(metric_from_key("no_such_metric").has_value());
}

TEST(MetricTree, load_balance_splits_into_in_node_and_inter_node) {
  EXPECT_EQ(metric_info(MetricId::mpi_load_balance_in).parent, MetricId::mpi_load_balance);
  EXPECT_EQ(metric_info(MetricId::mpi_load_balance_out).parent, MetricId::mpi_load_balance);
  EXPECT_EQ(shown_depth(MetricId::mpi_load_balance_in, MetricSet().set()), 4);
  EXPECT_TRUE(is_product_of_children(MetricId::parallel_efficiency));
  EXPECT_FALSE(is_product_of_children(MetricId::useful_ipc));
}

MetricSet set_of(std::initializer_list<MetricId> metrics) {
  MetricSet out;
  for (const MetricId metric : metrics)
    out.set(static_cast<std::size_t>(metric));
  return out;
}

// One run has no global efficiency (it needs a reference run) and no OpenMP: parallel efficiency
// is a root, and load balance hangs directly under MPI parallel efficiency.
TEST(MetricTree, depth_counts_only_the_ancestors_shown) {
  using enum MetricId;
  const MetricSet shown = set_of({parallel_efficiency, mpi_parallel_efficiency, mpi_load_balance, mpi_load_balance_in,
                                  device_parallel_efficiency, device_load_balance, useful_ipc});
  EXPECT_EQ(shown_parent(parallel_efficiency, shown), std::nullopt);
  EXPECT_EQ(shown_depth(parallel_efficiency, shown), 0);
  EXPECT_EQ(shown_depth(mpi_parallel_efficiency, shown), 1);
  EXPECT_EQ(shown_depth(mpi_load_balance_in, shown), 3);
  EXPECT_EQ(shown_depth(device_load_balance, shown), 1);
  EXPECT_EQ(shown_depth(useful_ipc, shown), 0);
  // Without MPI parallel efficiency, load balance hangs under parallel efficiency.
  EXPECT_EQ(shown_parent(mpi_load_balance, set_of({parallel_efficiency, mpi_load_balance})), parallel_efficiency);
}

} // namespace
} // namespace tally::model
