// SPDX-License-Identifier: BSD-3-Clause
// The real DLB 3.7 files (data/dlb_3_7, copies of the shared fixtures): raw numbers carried over unchanged,
// metrics recomputed close to TALP's rounded ones where TALP's definition is tally's.
#include "talp_test_support.hpp"

namespace tally::analysis::ingest::talp::test {
namespace {

using enum model::MetricId;

const char* const fixture_names[] = {"talp_mpi2_global.json", "talp_mpi2_regions_pop_process_node.json",
                                     "talp_hybrid_mpi2_omp2_oversubscribed.json"};

TEST(TalpFixtures, every_region_keeps_talps_raw_times_and_counts) {
  for (const char* name : fixture_names) {
    SCOPED_TRACE(name);
    const nlohmann::json talp = load_json(fixtures + "/" + name);
    const model::RunDocument document = import_ok(talp, name);
    ASSERT_EQ(document.regions.size(), talp["Application"].size());
    for (const auto& [region_name, summary] : talp["Application"].items()) {
      SCOPED_TRACE(region_name);
      const model::RegionRaw& raw = region(document, region_name).raw;
      EXPECT_EQ(region(document, region_name).visits, summary["numMeasurements"].get<std::uint64_t>());
      EXPECT_EQ(raw.processes, summary["numMpiRanks"].get<std::uint64_t>());
      EXPECT_EQ(raw.processes * raw.threads_per_process, summary["numCpus"].get<std::uint64_t>());
      EXPECT_EQ(raw.nodes, summary["numNodes"].get<std::uint64_t>());
      EXPECT_EQ(raw.elapsed_ns, summary["elapsedTime"].get<std::uint64_t>());
      EXPECT_EQ(raw.useful_ns, summary["usefulTime"].get<std::uint64_t>());
      EXPECT_EQ(raw.mpi_ns,
                summary["mpiTime"].get<std::uint64_t>() + summary["mpiWorkerIdleTime"].get<std::uint64_t>());
      EXPECT_FALSE(raw.offload_ns) << "no GPUs: offload is not measured";
      EXPECT_FALSE(raw.counters) << "cycles and instructions are 0: no counters";
      EXPECT_FALSE(raw.device);
      EXPECT_EQ(raw.openmp.has_value(), summary["numOmpThreads"].get<int>() > 0);
      if (raw.openmp) {
        EXPECT_EQ(raw.openmp->load_imbalance_ns, summary["ompLoadImbalanceTime"].get<std::uint64_t>());
        EXPECT_EQ(raw.openmp->scheduling_ns, summary["ompSchedulingTime"].get<std::uint64_t>());
        EXPECT_EQ(raw.openmp->serialization_ns, summary["ompSerializationTime"].get<std::uint64_t>());
      }
    }
    EXPECT_TRUE(reads_back(document));
  }
}

TEST(TalpFixtures, talps_counts_fill_the_mpi_calls_and_the_openmp_constructs) {
  for (const char* name : fixture_names) {
    SCOPED_TRACE(name);
    const nlohmann::json talp = load_json(fixtures + "/" + name);
    const model::RunDocument document = import_ok(talp, name);
    for (const auto& [region_name, summary] : talp["Application"].items()) {
      SCOPED_TRACE(region_name);
      const model::RegionRaw& raw = region(document, region_name).raw;
      ASSERT_TRUE(raw.mpi.has_value()) << "an MPI run: numMpiCalls is carried over";
      EXPECT_EQ(raw.mpi->calls, summary["numMpiCalls"].get<std::uint64_t>());
      EXPECT_FALSE(raw.mpi->calls_by_kind) << "TALP counts neither kinds nor bytes";
      EXPECT_FALSE(raw.mpi->bytes_sent);
      // The most calls of one process: the largest numMpiCalls of the region's process records;
      // without records, all the calls (the bound the README documents).
      std::uint64_t most = raw.mpi->calls;
      if (talp.contains("Process")) {
        most = 0;
        for (const nlohmann::json& process : talp["Process"][region_name])
          most = std::max(most, process["numMpiCalls"].get<std::uint64_t>());
      }
      EXPECT_EQ(raw.mpi->calls_max, most);
      if (raw.openmp) {
        EXPECT_EQ(raw.openmp->parallels, summary["numOmpParallels"].get<std::uint64_t>());
        EXPECT_EQ(raw.openmp->tasks, summary["numOmpTasks"].get<std::uint64_t>());
      }
    }
  }
}

TEST(TalpFixtures, hybrid_global_counts_its_two_processes_calls_and_parallel_regions) {
  // talp_hybrid_mpi2_omp2_oversubscribed.json: each of the 2 processes made 9 MPI calls and
  // started 5 parallel regions in Global.
  const model::RunDocument document = import_ok(load_json(fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json"));
  const model::RegionRaw& global = region(document, "Global").raw;
  EXPECT_EQ(global.mpi->calls, 18u);
  EXPECT_EQ(global.mpi->calls_max, 9u);
  EXPECT_EQ(global.openmp->parallels, 10u);
  EXPECT_EQ(global.openmp->tasks, 0u);
}

TEST(TalpFixtures, run_information_comes_from_the_file_and_its_name) {
  const model::RunDocument document =
      import_ok(load_json(fixtures + "/talp_mpi2_global.json"), "runs/talp_mpi2_global.json");
  EXPECT_EQ(document.run.experiment, "talp");
  EXPECT_EQ(document.run.label, "1 node · 2 ranks × 1 thread");
  // TALP's timestamp has no zone; it is taken as UTC. It is written at the end of the run.
  EXPECT_EQ(document.run.end_time, "2026-11-21T23:52:18Z");
  EXPECT_EQ(document.run.start_time, "2026-11-21T23:52:17.345Z"); // minus 655.2 ms of Global
  EXPECT_EQ(document.run.id.rfind("talp_mpi2_global-20261121T235218Z-", 0), 0u) << document.run.id;
  EXPECT_TRUE(document.run.command_line.empty());
  EXPECT_EQ(document.resources, (model::Resources{1, 2, 1, 0, {}}));
  EXPECT_EQ(document.environment, (model::Environment{"unknown", "unknown", "", "unknown", false, "dlb-talp"}));
  EXPECT_FALSE(document.source);
  EXPECT_EQ(document.regions.front().name, "Global");
}

TEST(TalpFixtures, experiment_option_names_the_experiment) {
  const model::ReadResult result =
      import_result(load_json(fixtures + "/talp_mpi2_global.json"), "talp.json", TalpImportOptions{"strong-scaling"});
  ASSERT_TRUE(std::holds_alternative<model::RunDocument>(result));
  EXPECT_EQ(std::get<model::RunDocument>(result).run.experiment, "strong-scaling");
}

TEST(TalpFixtures, mpi_only_global_metrics_agree_with_talps_to_two_decimals) {
  for (const char* name : {"talp_mpi2_global.json", "talp_mpi2_regions_pop_process_node.json"}) {
    SCOPED_TRACE(name);
    const nlohmann::json talp = load_json(fixtures + "/" + name);
    const model::Region global = region(import_ok(talp), "Global");
    const nlohmann::json& rounded = talp["Application"]["Global"];
    EXPECT_NEAR(metric(global, parallel_efficiency), rounded["parallelEfficiency"].get<double>(), 0.01);
    EXPECT_NEAR(metric(global, mpi_parallel_efficiency), rounded["mpiParallelEfficiency"].get<double>(), 0.01);
    EXPECT_NEAR(metric(global, mpi_communication_efficiency), rounded["mpiCommunicationEfficiency"].get<double>(),
                0.01);
    EXPECT_NEAR(metric(global, mpi_load_balance), rounded["mpiLoadBalance"].get<double>(), 0.01);
    EXPECT_NEAR(metric(global, mpi_load_balance_in), rounded["mpiLoadBalanceIn"].get<double>(), 0.01);
    EXPECT_NEAR(metric(global, mpi_load_balance_out), rounded["mpiLoadBalanceOut"].get<double>(), 0.01);
    // TALP prints 1.00 for OpenMP and offload and 0.00 for GPUs it did not see; tally leaves them out.
    const model::MetricValues computed = model::compute_run_metrics(global.raw);
    EXPECT_FALSE(computed.has(omp_parallel_efficiency));
    EXPECT_FALSE(computed.has(device_offload_efficiency));
    EXPECT_FALSE(computed.has(device_parallel_efficiency));
    EXPECT_FALSE(computed.has(useful_ipc));
  }
}

TEST(TalpFixtures, per_process_records_make_the_busiest_process_and_node_exact) {
  const model::RunDocument document = import_ok(load_json(fixtures + "/talp_mpi2_regions_pop_process_node.json"));
  const model::RegionRaw& global = region(document, "Global").raw;
  EXPECT_EQ(global.outside_mpi_max_ns, 673816470u); // rank 1's useful time
  EXPECT_EQ(global.busiest_node_outside_mpi_ns, 329420810u + 673816470u);
  EXPECT_EQ(global.busiest_node_processes, 2u);
  const model::Region& comm = region(document, "comm");
  EXPECT_EQ(comm.raw.outside_mpi_max_ns, 23780u);
  ASSERT_EQ(comm.per_rank.size(), 2u);
  EXPECT_EQ(comm.per_rank[1], (model::RankRecord{1, 0, 5, 255960, 23780, 232180, std::nullopt}));
}

// Where tally's definitions differ from TALP's, the recomputed values follow tally's:
// - "compute" has no MPI call: TALP reports load balance 1 (it balances MPI time only), tally the
//   imbalance of the work itself (docs/metrics.md: "a region without any MPI call still shows its imbalance").
// - "comm" is entered by rank 1 for 0.26 ms of its 345 ms: TALP counts the time a process spends
//   outside the region as non-MPI time (elapsed minus MPI), tally only the time inside it.
TEST(TalpFixtures, regions_follow_tallys_definitions_where_talps_differ) {
  const model::RunDocument document = import_ok(load_json(fixtures + "/talp_mpi2_regions_pop_process_node.json"));
  const model::Region& compute = region(document, "compute");
  EXPECT_NEAR(metric(compute, mpi_load_balance), (329167360.0 + 673733840.0) / 2 / 673733840.0, 1e-9); // TALP: 1.00
  EXPECT_NEAR(metric(compute, mpi_communication_efficiency), 1.0, 1e-9);
  const model::Region& comm = region(document, "comm");
  EXPECT_NEAR(metric(comm, parallel_efficiency), 46170.0 / (2 * 344705470.0), 1e-12); // TALP: 0.00
  EXPECT_NEAR(metric(comm, mpi_load_balance), 46170.0 / 2 / 23780, 1e-9);             // TALP: 0.50
  EXPECT_LT(metric(comm, mpi_communication_efficiency), 0.001);                       // TALP: 1.00
}

// 2 ranks x 2 threads on 2 CPUs. The thread states then add up to more than CPUs x elapsed, and
// TALP normalises a node's MPI time by the CPUs available (2) but the run's by those registered
// (4): hence its inter-node load balance of 1.09. tally sums the thread states per process, so
// its MPI-side metrics stay within [0, 1] and differ from TALP's by more than rounding.
TEST(TalpFixtures, oversubscribed_hybrid_run_agrees_where_definitions_match_and_stays_within_one) {
  const nlohmann::json talp = load_json(fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json");
  const model::RunDocument document = import_ok(talp);
  EXPECT_EQ(document.resources, (model::Resources{1, 2, 2, 0, {"vm"}}));
  EXPECT_EQ(document.run.label, "1 node · 2 ranks × 2 threads");
  const model::Region& global = region(document, "Global");
  const nlohmann::json& rounded = talp["Application"]["Global"];
  // TALP divides by the sum of thread states, tally by CPUs x elapsed: equal without oversubscription.
  EXPECT_NEAR(metric(global, parallel_efficiency), rounded["parallelEfficiency"].get<double>(), 0.01);
  EXPECT_NEAR(metric(global, omp_parallel_efficiency), rounded["ompParallelEfficiency"].get<double>(), 0.01);
  EXPECT_NEAR(metric(global, omp_scheduling_efficiency), rounded["ompSchedulingEfficiency"].get<double>(), 0.01);
  EXPECT_EQ(global.raw.outside_mpi_max_ns, 628203242u); // rank 1: (U + L + S + Z) / 2
  EXPECT_NEAR(metric(global, mpi_parallel_efficiency), 1248410715.0 / (2 * 650073201.0), 1e-9); // TALP: 0.93
  EXPECT_NEAR(metric(global, mpi_load_balance_out), 1.0, 1e-9);                                 // TALP: 1.09
  for (const model::Region& each : document.regions) {
    for (const auto id : {mpi_load_balance, mpi_load_balance_in, mpi_load_balance_out, mpi_communication_efficiency}) {
      EXPECT_LE(metric(each, id), 1.0) << each.name << " " << static_cast<int>(id);
    }
  }
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
