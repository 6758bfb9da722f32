// SPDX-License-Identifier: BSD-3-Clause
// The query functions of tally.h: region_query.hpp's answers in the C structures, times in
// nanoseconds, metrics that cannot be computed as NaN.
#include "tally.h"

#include "core/region_query.hpp"

#include <cmath>
#include <limits>

namespace tally::profiler {
namespace {

int to_c(QueryResult result) {
  switch (result) {
  case QueryResult::ok: return TALLY_OK;
  case QueryResult::not_measured: return TALLY_NOT_MEASURED;
  case QueryResult::unknown_region: return TALLY_UNKNOWN_REGION;
  case QueryResult::failed: return TALLY_FAILED;
  }
  return TALLY_FAILED;
}

long long signed_ns(std::uint64_t ns) { return static_cast<long long>(ns); }

void fill(tally_measures& out, const RegionSoFar& region) {
  const model::ProcessRecord& record = region.record;
  const model::Counts& counts = record.counts;
  out.open = region.open ? 1 : 0;
  out.visits = record.visits;
  out.elapsed_ns = signed_ns(record.elapsed_ns);
  out.useful_ns = signed_ns(record.useful_ns);
  out.mpi_ns = signed_ns(record.mpi_ns);
  out.openmp_ns = signed_ns(record.omp_load_imbalance_ns + record.omp_scheduling_ns + record.omp_serialization_ns);
  out.offload_ns = signed_ns(record.offload_ns);
  out.mpi_calls = counts[model::count_slot::mpi_calls];
  out.mpi_bytes_sent = counts[model::count_slot::mpi_bytes_sent];
  out.mpi_bytes_received = counts[model::count_slot::mpi_bytes_received];
  out.mpi_collective_bytes = counts[model::count_slot::mpi_collective_bytes];
  out.omp_parallels = counts[model::count_slot::omp_parallels];
  out.omp_tasks = counts[model::count_slot::omp_tasks];
  out.device_runtime_calls = counts[model::count_slot::device_runtime_calls];
  out.device_kernel_launches = counts[model::count_slot::device_kernel_launches];
}

double value_or_nan(const model::MetricValues& metrics, model::MetricId id) {
  return metrics.get(id).value_or(std::numeric_limits<double>::quiet_NaN());
}

void fill(tally_metrics& out, const RanksSoFar& ranks) {
  using model::MetricId;
  const model::MetricValues metrics = metrics_so_far(ranks);
  out.ranks = static_cast<int>(ranks.ranks);
  out.nodes = static_cast<int>(ranks.nodes);
  out.visits = ranks.visits;
  out.elapsed_ns = signed_ns(ranks.raw.elapsed_ns);
  const std::pair<double tally_metrics::*, MetricId> fields[] = {
      {&tally_metrics::parallel_efficiency, MetricId::parallel_efficiency},
      {&tally_metrics::mpi_parallel_efficiency, MetricId::mpi_parallel_efficiency},
      {&tally_metrics::mpi_communication_efficiency, MetricId::mpi_communication_efficiency},
      {&tally_metrics::mpi_load_balance, MetricId::mpi_load_balance},
      {&tally_metrics::mpi_load_balance_in, MetricId::mpi_load_balance_in},
      {&tally_metrics::mpi_load_balance_out, MetricId::mpi_load_balance_out},
      {&tally_metrics::omp_parallel_efficiency, MetricId::omp_parallel_efficiency},
      {&tally_metrics::omp_load_balance, MetricId::omp_load_balance},
      {&tally_metrics::omp_scheduling_efficiency, MetricId::omp_scheduling_efficiency},
      {&tally_metrics::omp_serialization_efficiency, MetricId::omp_serialization_efficiency},
      {&tally_metrics::device_offload_efficiency, MetricId::device_offload_efficiency},
      {&tally_metrics::useful_ipc, MetricId::useful_ipc}};
  for (const auto& [field, id] : fields)
    out.*field = value_or_nan(metrics, id);
}

/// Fills `out` when the program's structure is the one this library knows (its `size` field).
template <class Result, class Answer> int answer_query(Result* out, Answer answer) {
  if (!out || out->size != sizeof(Result)) return TALLY_BAD_ARGUMENT;
  return answer(*out);
}

} // namespace
} // namespace tally::profiler

extern "C" int tally_region_measures(tally_region_t region, tally_measures* out) {
  using namespace tally::profiler;
  return answer_query(out, [&](tally_measures& measures) {
    RegionSoFar so_far;
    const QueryResult result = query_region(region, so_far);
    fill(measures, so_far);
    return to_c(result);
  });
}

extern "C" int tally_region_metrics(tally_region_t region, int fortran_comm, int scope, tally_metrics* out) {
  using namespace tally::profiler;
  if (scope != TALLY_ALL_RANKS && scope != TALLY_THIS_NODE) return TALLY_BAD_ARGUMENT;
  return answer_query(out, [&](tally_metrics& metrics) {
    RanksSoFar so_far;
    const QueryResult result =
        query_region_across(region, fortran_comm, scope == TALLY_THIS_NODE ? RankScope::node : RankScope::all, so_far);
    fill(metrics, so_far);
    return to_c(result);
  });
}
