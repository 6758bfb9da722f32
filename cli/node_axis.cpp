// SPDX-License-Identifier: BSD-3-Clause
// Node counts beside ranks: the points of a study and the checks of its node and rank axes.
#include "cli/node_axis.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace tally::cli {
namespace {

std::optional<std::uint64_t> positive_count(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value == 0) return std::nullopt;
  return value;
}

/// The first problem of a list of counts given with `option`: empty when each is a positive integer.
std::string check_counts(const std::vector<std::string>& counts, const std::string& option) {
  for (const std::string& count : counts) {
    if (!positive_count(count)) return option + ": " + count + " is not a positive whole number";
  }
  return "";
}

/// "n1:2,n2:2" (hosts with their slots, as Open MPI's --host and MPICH's -hosts both read them),
/// or "n1,n2" when the ranks per node are not known.
std::string hosts_argument(const std::vector<std::string>& hosts, std::uint64_t nodes, const std::string& node_ranks) {
  std::string out;
  for (std::uint64_t i = 0; i < nodes && i < hosts.size(); ++i) {
    out += (i == 0 ? "" : ",") + hosts[i] + (node_ranks.empty() ? "" : ":" + node_ranks);
  }
  return out;
}

std::string check_sizes(const ResourceAxes& axes) {
  if (axes.sizes.empty()) return "";
  if (!axes.scales.empty() && axes.sizes.size() != axes.scales.size()) {
    return "--sizes needs one size per scale (" + std::to_string(axes.scales.size()) + "), got " +
           std::to_string(axes.sizes.size());
  }
  if (axes.scales.empty() && axes.sizes.size() != axes.nodes.size()) {
    return "--sizes needs one size per scale, or without --scales one per node count (" +
           std::to_string(axes.nodes.size()) + "), got " + std::to_string(axes.sizes.size());
  }
  return "";
}

/// With both node counts and total ranks: every scale at least as many ranks as nodes, and a
/// whole number of ranks per node wherever {node_ranks} is asked for.
std::string check_ranks_on_nodes(const ResourceAxes& axes, const std::vector<std::string>& command) {
  for (const std::string& nodes : axes.nodes) {
    for (const std::string& scale : axes.scales) {
      const std::uint64_t node_count = *positive_count(nodes), ranks = *positive_count(scale);
      if (ranks < node_count) return "--scales " + scale + " on " + nodes + " nodes: fewer ranks than nodes";
      if (ranks % node_count != 0 && mentions(command, "{node_ranks}"))
        return "{node_ranks}: " + scale + " ranks do not divide among " + nodes + " nodes";
    }
  }
  return "";
}

std::string check_placeholders(const ResourceAxes& axes, const std::vector<std::string>& command) {
  const bool per_node = !axes.node_ranks.empty();
  if (!axes.scales.empty() && !mentions(command, "{ranks}"))
    return "--scales needs {ranks} in the command, e.g. mpirun -np {ranks} ./app";
  if (axes.scales.empty() && !per_node && mentions(command, "{ranks}"))
    return "{ranks} in the command needs --scales (or --nodes with --node-ranks)";
  if (!axes.nodes.empty() && !mentions(command, "{nodes}") && !mentions(command, "{hosts}"))
    return "--nodes needs {nodes} or {hosts} in the command, e.g. srun -N {nodes} ./app or mpirun --host {hosts} ./app";
  if (axes.nodes.empty() && mentions(command, "{nodes}")) return "{nodes} in the command needs --nodes";
  if (per_node && !mentions(command, "{ranks}") && !mentions(command, "{node_ranks}")) {
    return "--node-ranks needs {ranks} or {node_ranks} in the command, e.g. srun -N {nodes} "
           "--ntasks-per-node={node_ranks} ./app";
  }
  if (!per_node && (axes.nodes.empty() || axes.scales.empty()) && mentions(command, "{node_ranks}"))
    return "{node_ranks} in the command needs --nodes with --node-ranks or --scales";
  if (!axes.hosts.empty() && !mentions(command, "{hosts}"))
    return "--hostfile needs {hosts} in the command, e.g. mpirun -np {ranks} --host {hosts} ./app";
  if (axes.hosts.empty() && mentions(command, "{hosts}")) return "{hosts} in the command needs --hostfile";
  if (!axes.sizes.empty() && !mentions(command, "{size}")) return "--sizes needs {size} in the command";
  return "";
}

} // namespace

bool mentions(const std::vector<std::string>& command, const std::string& placeholder) {
  return std::any_of(command.begin(), command.end(),
                     [&](const std::string& argument) { return argument.find(placeholder) != std::string::npos; });
}

std::vector<ResourcePoint> resource_points(const ResourceAxes& axes) {
  const std::vector<std::string> node_counts = axes.nodes.empty() ? std::vector<std::string>{""} : axes.nodes;
  std::vector<ResourcePoint> out;
  for (std::size_t n = 0; n < node_counts.size(); ++n) {
    const std::string& nodes = node_counts[n];
    const std::uint64_t node_count = nodes.empty() ? 0 : *positive_count(nodes);
    const std::string size_of_nodes = axes.scales.empty() && !axes.sizes.empty() ? axes.sizes[n] : "";
    auto add = [&](std::string ranks, std::string node_ranks, std::string size) {
      out.push_back({nodes, std::move(ranks), node_ranks, std::move(size),
                     axes.hosts.empty() ? "" : hosts_argument(axes.hosts, node_count, node_ranks)});
    };
    if (!axes.node_ranks.empty()) {
      for (const std::string& per_node : axes.node_ranks)
        add(std::to_string(node_count * *positive_count(per_node)), per_node, size_of_nodes);
    } else if (!axes.scales.empty()) {
      for (std::size_t s = 0; s < axes.scales.size(); ++s) {
        const std::uint64_t ranks = *positive_count(axes.scales[s]);
        const bool divides = node_count > 0 && ranks % node_count == 0;
        add(axes.scales[s], divides ? std::to_string(ranks / node_count) : "", axes.sizes.empty() ? "" : axes.sizes[s]);
      }
    } else {
      add("", "", size_of_nodes);
    }
  }
  return out;
}

std::string check_resource_axes(const ResourceAxes& axes, const std::vector<std::string>& command) {
  for (const std::string& problem : {check_counts(axes.scales, "--scales"), check_counts(axes.nodes, "--nodes"),
                                     check_counts(axes.node_ranks, "--node-ranks")}) {
    if (!problem.empty()) return problem;
  }
  if (!axes.node_ranks.empty() && axes.nodes.empty()) return "--node-ranks needs --nodes: ranks on each node counted";
  if (!axes.node_ranks.empty() && !axes.scales.empty()) {
    return "--node-ranks and --scales both count ranks (on each node, in all); give one";
  }
  if (!axes.hosts.empty() && axes.nodes.empty()) return "--hostfile needs --nodes: {hosts} is the first {nodes} hosts";
  if (!axes.hosts.empty()) {
    for (const std::string& nodes : axes.nodes) {
      if (*positive_count(nodes) > axes.hosts.size())
        return "--nodes " + nodes + ": the host file names " + std::to_string(axes.hosts.size()) + " hosts";
    }
  }
  if (const std::string problem = check_sizes(axes); !problem.empty()) return problem;
  if (const std::string problem = check_ranks_on_nodes(axes, command); !problem.empty()) return problem;
  return check_placeholders(axes, command);
}

std::optional<std::vector<std::string>> read_host_file(const std::string& path, std::string& problem) {
  std::ifstream file(path);
  if (!file) {
    problem = path + ": cannot read the host file";
    return std::nullopt;
  }
  std::vector<std::string> hosts;
  for (std::string line; std::getline(file, line);) {
    std::istringstream words(line.substr(0, line.find('#')));
    std::string word;
    if (!(words >> word)) continue;
    hosts.push_back(word.substr(0, word.find(':')));
  }
  if (hosts.empty()) {
    problem = path + ": the host file names no host";
    return std::nullopt;
  }
  return hosts;
}

} // namespace tally::cli
