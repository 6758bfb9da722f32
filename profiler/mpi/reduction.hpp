// SPDX-License-Identifier: BSD-3-Clause
// The reduction across ranks at MPI_Finalize: every rank takes part; the result (fixed-size
// sums, maxima and node shares of each region's fold) is complete on rank 0 only.
#pragma once

#include "core/options.hpp"
#include "core/process_summary.hpp"
#include "core/run_output.hpp"

#include <optional>

namespace tally::profiler::mpi {

/// Collective over MPI_COMM_WORLD. Returns the run's aggregates on rank 0, nullopt elsewhere
/// (and on rank 0 when a collective fails, with one warning).
std::optional<RunAggregates> reduce_across_ranks(const ProcessSummary& summary, const Options& options);

} // namespace tally::profiler::mpi
