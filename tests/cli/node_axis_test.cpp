// SPDX-License-Identifier: BSD-3-Clause
// The node axis of a study: its points (by hand from the counts given), its host lists and its checks.
#include "cli/node_axis.hpp"
#include "cli/scaling_study.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

namespace tally::cli {
namespace {

const std::vector<std::string> srun_per_node{"srun", "-N", "{nodes}", "--ntasks-per-node={node_ranks}", "./app"};

std::vector<std::string> field(const std::vector<ResourcePoint>& points, std::string ResourcePoint::*member) {
  std::vector<std::string> out;
  for (const ResourcePoint& point : points)
    out.push_back(point.*member);
  return out;
}

using Texts = std::vector<std::string>;

TEST(ResourcePoints, fixed_ranks_per_node_multiply_into_the_ranks_node_count_outermost) {
  // 1, 2, 4 nodes × 2 and 3 ranks per node: ranks 2 3 | 4 6 | 8 12.
  const auto points = resource_points({.nodes = {"1", "2", "4"}, .node_ranks = {"2", "3"}});
  EXPECT_EQ(field(points, &ResourcePoint::nodes), (Texts{"1", "1", "2", "2", "4", "4"}));
  EXPECT_EQ(field(points, &ResourcePoint::node_ranks), (Texts{"2", "3", "2", "3", "2", "3"}));
  EXPECT_EQ(field(points, &ResourcePoint::ranks), (Texts{"2", "3", "4", "6", "8", "12"}));
}

TEST(ResourcePoints, total_ranks_on_each_node_count_scale_the_ranks_per_node_where_they_divide) {
  // 8 ranks on 1, 2, 4 nodes: 8, 4, 2 per node; 6 ranks on 4 nodes do not divide, no ranks per node.
  const auto points = resource_points({.scales = {"6", "8"}, .nodes = {"1", "2", "4"}});
  EXPECT_EQ(field(points, &ResourcePoint::ranks), (Texts{"6", "8", "6", "8", "6", "8"}));
  EXPECT_EQ(field(points, &ResourcePoint::node_ranks), (Texts{"6", "8", "3", "4", "", "2"}));
}

TEST(ResourcePoints, node_counts_alone_leave_the_ranks_to_the_command_and_take_a_size_each) {
  const auto points = resource_points({.nodes = {"1", "2"}, .sizes = {"100", "200"}});
  EXPECT_EQ(field(points, &ResourcePoint::nodes), (Texts{"1", "2"}));
  EXPECT_EQ(field(points, &ResourcePoint::ranks), (Texts{"", ""}));
  EXPECT_EQ(field(points, &ResourcePoint::size), (Texts{"100", "200"}));
}

TEST(ResourcePoints, without_nodes_the_scales_are_the_points_with_their_sizes) {
  const auto points = resource_points({.scales = {"1", "4"}, .sizes = {"10", "40"}});
  EXPECT_EQ(field(points, &ResourcePoint::nodes), (Texts{"", ""}));
  EXPECT_EQ(field(points, &ResourcePoint::ranks), (Texts{"1", "4"}));
  EXPECT_EQ(field(points, &ResourcePoint::size), (Texts{"10", "40"}));
}

TEST(ResourcePoints, hosts_are_the_first_node_count_of_the_host_file_with_their_slots) {
  const Texts hosts{"a", "b", "c", "d"};
  const auto per_node = resource_points({.nodes = {"1", "3"}, .node_ranks = {"2"}, .hosts = hosts});
  EXPECT_EQ(field(per_node, &ResourcePoint::hosts), (Texts{"a:2", "a:2,b:2,c:2"}));
  // 3 ranks on 2 nodes: no whole number per node, the hosts without slots.
  const auto in_all = resource_points({.scales = {"3", "4"}, .nodes = {"2"}, .hosts = hosts});
  EXPECT_EQ(field(in_all, &ResourcePoint::hosts), (Texts{"a,b", "a:2,b:2"}));
}

TEST(StudyCommand, replaces_nodes_ranks_per_node_and_hosts) {
  const Texts command{"mpirun", "-np", "{ranks}", "--host", "{hosts}", "srun", "-N", "{nodes}", "-c{node_ranks}"};
  const Texts expected{"mpirun", "-np", "4", "--host", "a:2,b:2", "srun", "-N", "2", "-c2"};
  EXPECT_EQ(study_command(command, {.ranks = "4", .nodes = "2", .node_ranks = "2", .hosts = "a:2,b:2"}), expected);
}

TEST(CheckResourceAxes, accepts_nodes_with_ranks_per_node_and_their_placeholders) {
  EXPECT_EQ(check_resource_axes({.nodes = {"1", "2"}, .node_ranks = {"2"}}, srun_per_node), "");
  EXPECT_EQ(check_resource_axes({.scales = {"4"}, .nodes = {"1", "2"}}, {"srun", "-N", "{nodes}", "-n", "{ranks}"}),
            "");
}

TEST(CheckResourceAxes, refuses_counts_that_are_no_positive_whole_numbers) {
  EXPECT_EQ(check_resource_axes({.nodes = {"1", "0"}, .node_ranks = {"2"}}, srun_per_node),
            "--nodes: 0 is not a positive whole number");
  EXPECT_EQ(check_resource_axes({.nodes = {"1"}, .node_ranks = {"two"}}, srun_per_node),
            "--node-ranks: two is not a positive whole number");
}

TEST(CheckResourceAxes, refuses_ranks_per_node_without_nodes_or_with_total_ranks) {
  EXPECT_EQ(check_resource_axes({.node_ranks = {"2"}}, srun_per_node),
            "--node-ranks needs --nodes: ranks on each node counted");
  EXPECT_EQ(check_resource_axes({.scales = {"4"}, .nodes = {"2"}, .node_ranks = {"2"}}, srun_per_node),
            "--node-ranks and --scales both count ranks (on each node, in all); give one");
}

TEST(CheckResourceAxes, refuses_fewer_ranks_than_nodes_and_ranks_per_node_that_do_not_divide) {
  const Texts srun{"srun", "-N", "{nodes}", "-n", "{ranks}", "--ntasks-per-node={node_ranks}"};
  EXPECT_EQ(check_resource_axes({.scales = {"2"}, .nodes = {"4"}}, srun),
            "--scales 2 on 4 nodes: fewer ranks than nodes");
  EXPECT_EQ(check_resource_axes({.scales = {"6"}, .nodes = {"4"}}, srun),
            "{node_ranks}: 6 ranks do not divide among 4 nodes");
  // Without {node_ranks} in the command, 6 ranks on 4 nodes are the launcher's to place.
  EXPECT_EQ(check_resource_axes({.scales = {"6"}, .nodes = {"4"}}, {"srun", "-N", "{nodes}", "-n", "{ranks}"}), "");
}

TEST(CheckResourceAxes, refuses_placeholders_without_their_options_and_options_without_theirs) {
  EXPECT_EQ(
      check_resource_axes({.nodes = {"2"}}, {"srun", "./app"}),
      "--nodes needs {nodes} or {hosts} in the command, e.g. srun -N {nodes} ./app or mpirun --host {hosts} ./app");
  EXPECT_EQ(check_resource_axes({.scales = {"2"}}, {"srun", "-n", "{ranks}", "-N", "{nodes}"}),
            "{nodes} in the command needs --nodes");
  EXPECT_EQ(check_resource_axes({.scales = {"2"}}, {"srun", "-n", "{ranks}", "--ntasks-per-node={node_ranks}"}),
            "{node_ranks} in the command needs --nodes with --node-ranks or --scales");
  EXPECT_EQ(check_resource_axes({.nodes = {"2"}}, {"mpirun", "--host", "{hosts}"}),
            "{hosts} in the command needs --hostfile");
}

TEST(CheckResourceAxes, refuses_more_nodes_than_the_host_file_names) {
  EXPECT_EQ(check_resource_axes({.nodes = {"1", "4"}, .node_ranks = {"1"}, .hosts = {"a", "b"}},
                                {"mpirun", "-np", "{ranks}", "--host", "{hosts}"}),
            "--nodes 4: the host file names 2 hosts");
}

TEST(CheckResourceAxes, wants_one_size_per_node_count_without_scales) {
  EXPECT_EQ(check_resource_axes({.nodes = {"1", "2"}, .sizes = {"10"}}, {"srun", "-N", "{nodes}", "{size}"}),
            "--sizes needs one size per scale, or without --scales one per node count (2), got 1");
}

TEST(ReadHostFile, takes_the_first_word_of_each_line_without_slots_or_comments) {
  const std::string path = ::testing::TempDir() + "node_axis_hosts";
  std::ofstream(path) << "# the cluster\nn1 slots=4\n\n  n2:4  # second\nn3\n";
  std::string problem;
  const auto hosts = read_host_file(path, problem);
  ASSERT_TRUE(hosts) << problem;
  EXPECT_EQ(*hosts, (Texts{"n1", "n2", "n3"}));
  std::remove(path.c_str());
}

TEST(ReadHostFile, names_the_file_it_cannot_read_or_that_names_no_host) {
  std::string problem;
  EXPECT_FALSE(read_host_file("/no/such/hosts", problem));
  EXPECT_EQ(problem, "/no/such/hosts: cannot read the host file");
  const std::string path = ::testing::TempDir() + "node_axis_empty_hosts";
  std::ofstream(path) << "# nothing\n\n";
  EXPECT_FALSE(read_host_file(path, problem));
  EXPECT_EQ(problem, path + ": the host file names no host");
  std::remove(path.c_str());
}

} // namespace
} // namespace tally::cli
