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
  EXPECT_EQ(metric_depth(MetricId::mpi_load_balance_in), 4);
  EXPECT_TRUE(is_product_of_children(MetricId::parallel_efficiency));
  EXPECT_FALSE(is_product_of_children(MetricId::useful_ipc));
}

} // namespace
} // namespace tally::model
