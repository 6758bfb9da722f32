// SPDX-License-Identifier: BSD-3-Clause
// How a run went over time: its coarse timeline (where the time of every thread of every rank
// went, bucket by bucket), the behaviour read from it, and how the run ended (completed, or hung
// in a named call).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tally::model {

/// The shape of a run's activity over time (timeline_behaviour.hpp gives the rule).
enum class Behaviour { stable, cold_start, stall, varying };
std::string_view to_string(Behaviour behaviour);
std::optional<Behaviour> behaviour_from_string(std::string_view text);

/// Per bucket of `bucket_ns`, from the run's start, the time of each state summed over the
/// threads of every rank. The four arrays have one entry per bucket; the last bucket may be
/// partly filled.
struct Timeline {
  std::uint64_t bucket_ns = 0;
  std::vector<std::uint64_t> useful_ns;
  std::vector<std::uint64_t> mpi_ns;
  std::vector<std::uint64_t> offload_ns;
  std::vector<std::uint64_t> openmp_ns; ///< waiting in or for the OpenMP runtime
  std::optional<Behaviour> behaviour;   ///< absent when the timeline is too short to tell
  std::vector<std::string> idle_nodes;  ///< nodes whose busy time (useful + offload) is under half the busiest node's
  bool operator==(const Timeline&) const = default;
};

enum class RunOutcome { completed, hung };
std::string_view to_string(RunOutcome outcome);
std::optional<RunOutcome> outcome_from_string(std::string_view text);

/// Where a hung rank was waiting when the watchdog named it.
struct Hang {
  std::uint64_t rank = 0;
  std::string host;
  std::string call;                 ///< the MPI function ("MPI_Recv"), or the state ("offload")
  std::vector<std::string> regions; ///< the regions open on its main thread, outermost first, Global left out
  std::uint64_t waited_ns = 0;      ///< how long it had been inside `call`
  bool operator==(const Hang&) const = default;
};

} // namespace tally::model
