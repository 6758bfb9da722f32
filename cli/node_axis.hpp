// SPDX-License-Identifier: BSD-3-Clause
// The resource points of a study: node counts ({nodes}) with ranks per node ({node_ranks}, and
// {ranks} = nodes × ranks per node) or total ranks ({ranks}, ranks per node scaled with the nodes),
// and the hosts of each point ({hosts}) for an mpirun given a host file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::cli {

/// The node and rank axes of a study, as the user wrote them.
struct ResourceAxes {
  std::vector<std::string> scales{};     ///< total ranks, replacing {ranks}
  std::vector<std::string> nodes{};      ///< node counts, replacing {nodes}
  std::vector<std::string> node_ranks{}; ///< ranks on each node, replacing {node_ranks}
  std::vector<std::string> sizes{};      ///< replaces {size}: one per scale, else one per node count
  std::vector<std::string> hosts{};      ///< from --hostfile: {hosts} is the first {nodes} of them
};

/// One point of the axes: the values of {nodes}, {ranks}, {node_ranks}, {size} and {hosts}, each
/// empty where the study has none.
struct ResourcePoint {
  std::string nodes{};
  std::string ranks{};
  std::string node_ranks{};
  std::string size{};
  std::string hosts{};
};

/// Every point, node count outermost, then scales or ranks per node; one empty point without axes.
/// Ranks per node with total ranks is the quotient where the nodes divide the ranks, else empty.
/// The axes must have passed check_resource_axes.
std::vector<ResourcePoint> resource_points(const ResourceAxes& axes);

/// Why the axes cannot run with a command mentioning these placeholders (empty when they can): a
/// count that is no positive number, --node-ranks without --nodes or with --scales, fewer ranks
/// than nodes, {node_ranks} where the nodes do not divide the ranks, sizes not one per point of
/// the outer axis, fewer hosts than nodes, a placeholder without its option or an option without
/// its placeholder.
std::string check_resource_axes(const ResourceAxes& axes, const std::vector<std::string>& command);

/// The host names of an Open MPI or MPICH host file: the first word of each line, without
/// comments ('#' to the end of the line), blank lines and any slot count ("n1:4", "n1 slots=4").
/// A file that cannot be read or names no host: nullopt and `problem` says why, naming the file.
std::optional<std::vector<std::string>> read_host_file(const std::string& path, std::string& problem);

/// Whether an argument of the command holds the placeholder.
bool mentions(const std::vector<std::string>& command, const std::string& placeholder);

} // namespace tally::cli
