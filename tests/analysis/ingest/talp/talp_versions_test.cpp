// SPDX-License-Identifier: BSD-3-Clause
// Files of the older TALP layouts, written for these tests after DLB's documented output (see
// analysis/ingest/talp/README.md): DLB 3.4 ("popRaw"), 3.5 (useful-normalised "Application") and 3.6
// (MPI-normalised, GPUs). Expected values are computed by hand in the comments.
#include "talp_test_support.hpp"

namespace tally::analysis::ingest::talp::test {
namespace {

using enum model::MetricId;
constexpr std::uint64_t ms = 1000000;

// 2 ranks on one node, MPI only. Rank 0: useful 1200 ms, MPI 800 ms; rank 1: useful 1800, MPI 200.
TEST(TalpVersions, dlb_3_4_pop_raw_imports_with_the_implicit_region_renamed_global) {
  const model::RunDocument document = import_ok(load_json(test_files + "/dlb_3_4_pop_raw.json"));
  ASSERT_EQ(document.regions.size(), 2u);
  EXPECT_EQ(document.regions[0].name, "Global"); // "MPI Execution" in DLB 3.4
  const model::Region& global = document.regions[0];
  EXPECT_EQ(global.visits, 2u); // from the per-process records
  EXPECT_EQ(global.raw, (model::RegionRaw{2, 1, 1, 2000 * ms, 3000 * ms, 1000 * ms, std::nullopt, 1800 * ms, 3000 * ms,
                                          2, std::nullopt, model::CounterRaw{9000000000, 6000000000}, std::nullopt}));
  EXPECT_NEAR(metric(global, parallel_efficiency), 0.75, 1e-12);
  EXPECT_NEAR(metric(global, mpi_communication_efficiency), 0.9, 1e-12);
  EXPECT_NEAR(metric(global, mpi_load_balance), 1500.0 / 1800, 1e-12);
  EXPECT_NEAR(metric(global, useful_ipc), 1.5, 1e-12);
  EXPECT_NEAR(metric(global, useful_frequency_ghz), 2.0, 1e-12);
  EXPECT_EQ(document.resources, (model::Resources{1, 2, 1, 0, {"node-a"}}));
  EXPECT_TRUE(document.environment.counters_available);
  EXPECT_TRUE(reads_back(document));
}

// "solve" has no per-process records: MPI time is CPU time minus useful time, visits the number of
// processes (3.4 counts none), max C the largest useful time (elapsedUseful).
TEST(TalpVersions, dlb_3_4_region_without_process_records_uses_the_summary) {
  const model::Region solve = region(import_ok(load_json(test_files + "/dlb_3_4_pop_raw.json")), "solve");
  EXPECT_EQ(solve.visits, 2u);
  EXPECT_EQ(solve.raw.mpi_ns, 500 * ms);
  EXPECT_EQ(solve.raw.outside_mpi_max_ns, 1400 * ms);
  EXPECT_NEAR(metric(solve, mpi_load_balance), 1250.0 / 1400, 1e-12); // TALP 3.4: 0.89
  EXPECT_NEAR(metric(solve, mpi_communication_efficiency), 1400.0 / 1500, 1e-12);
}

// 4 ranks x 2 threads on 2 nodes. C_i = (U_i + L_i + S_i + Z_i) / 2 = 850, 840 (node a), 750, 800
// (node b) ms: max 850, busiest node a with 1690, average 810.
TEST(TalpVersions, dlb_3_5_hybrid_run_on_two_nodes_is_exact_with_process_records) {
  const model::RunDocument document = import_ok(load_json(test_files + "/dlb_3_5_hybrid_two_nodes.json"));
  EXPECT_EQ(document.resources, (model::Resources{2, 4, 2, 0, {"node-a", "node-b"}}));
  EXPECT_EQ(document.run.label, "2 nodes · 4 ranks × 2 threads");
  const model::Region& global = region(document, "Global");
  EXPECT_EQ(global.raw.outside_mpi_max_ns, 850 * ms);
  EXPECT_EQ(global.raw.busiest_node_outside_mpi_ns, 1690 * ms);
  EXPECT_EQ(global.raw.busiest_node_processes, 2u);
  // The file counts 40 parallel regions and no task in Global.
  EXPECT_EQ(global.raw.openmp, (model::OpenMpRaw{360 * ms, 80 * ms, 640 * ms, 40, 0}));
  EXPECT_NEAR(metric(global, parallel_efficiency), 5400.0 / 8000, 1e-12);
  EXPECT_NEAR(metric(global, mpi_parallel_efficiency), 3240.0 / 4000, 1e-12);
  EXPECT_NEAR(metric(global, mpi_load_balance_in), 845.0 / 850, 1e-12);
  EXPECT_NEAR(metric(global, mpi_load_balance_out), 810.0 / 845, 1e-12);
  EXPECT_NEAR(metric(global, omp_load_balance), 5400.0 / 5760, 1e-12);
  EXPECT_NEAR(metric(global, omp_serialization_efficiency), 5840.0 / 6480, 1e-12);
  EXPECT_EQ(global.per_rank.size(), 4u);
  EXPECT_TRUE(reads_back(document));
}

// Without the records, DLB 3.5's largest useful time per CPU (750 ms, rank 1) plus the average
// OpenMP idle time per process (1080 / 8 = 135 ms) estimates max C: 885 ms, where it is 850.
TEST(TalpVersions, dlb_3_5_summary_alone_estimates_the_busiest_process_and_node) {
  nlohmann::json talp = load_json(test_files + "/dlb_3_5_hybrid_two_nodes.json");
  talp.erase("Process");
  const model::Region global = region(import_ok(talp), "Global");
  EXPECT_EQ(global.raw.outside_mpi_max_ns, 885 * ms);
  EXPECT_EQ(global.raw.busiest_node_outside_mpi_ns, 2 * 860 * ms); // (725 + 135) x 2 processes per node
  EXPECT_EQ(global.raw.busiest_node_processes, 2u);
  EXPECT_EQ(global.visits, 4u);
  EXPECT_TRUE(global.per_rank.empty());
}

TEST(TalpVersions, dlb_3_5_region_without_records_keeps_its_estimate_next_to_an_exact_one) {
  const model::Region compute = region(import_ok(load_json(test_files + "/dlb_3_5_hybrid_two_nodes.json")), "compute");
  EXPECT_EQ(compute.visits, 40u);
  EXPECT_EQ(compute.raw.outside_mpi_max_ns, 780 * ms);                // 650 + 1040 / 8
  EXPECT_EQ(compute.raw.busiest_node_outside_mpi_ns, 2 * 770 * ms);   // 640 + 130
  EXPECT_NEAR(metric(compute, mpi_load_balance), 755.0 / 780, 1e-12); // average (5000 + 1040) / 8
}

// 2 ranks, 2 GPUs. Rank 0: useful 500, MPI 200, GPU runtime 300 ms; rank 1: 700, 100, 200.
TEST(TalpVersions, dlb_3_6_run_with_gpus_has_offload_and_device_groups) {
  const model::RunDocument document = import_ok(load_json(test_files + "/dlb_3_6_gpus.json"));
  EXPECT_EQ(document.resources.gpus, 2u) << "taken from Global when resources lack numGpus";
  EXPECT_EQ(document.run.label, "1 node · 2 ranks × 1 thread · 2 GPUs");
  const model::Region& global = region(document, "Global");
  EXPECT_EQ(global.raw.offload_ns, 500 * ms);
  EXPECT_EQ(global.raw.device, (model::DeviceRaw{2, 1200 * ms, 700 * ms, 200 * ms, 800 * ms}));
  // numGpuRuntimeCalls 400; TALP does not say which were launches or copies.
  EXPECT_EQ(global.raw.device_counts, (model::DeviceCountsRaw{.runtime_calls = 400}));
  EXPECT_EQ(global.raw.outside_mpi_max_ns, 900 * ms); // elapsed - minMpiNormdProc: rank 1's 700 + 200
  EXPECT_FALSE(global.raw.openmp);
  EXPECT_NEAR(metric(global, device_offload_efficiency), 1200.0 / 1700, 1e-12); // TALP: 0.71
  EXPECT_NEAR(metric(global, mpi_parallel_efficiency), 0.85, 1e-12);            // TALP: 0.85
  EXPECT_NEAR(metric(global, mpi_load_balance), 850.0 / 900, 1e-12);            // TALP: 0.94
  EXPECT_NEAR(metric(global, device_parallel_efficiency), 0.6, 1e-12);          // TALP: 0.60
  EXPECT_NEAR(metric(global, device_load_balance), 1200.0 / 1400, 1e-12);       // TALP: 0.86
  EXPECT_NEAR(metric(global, device_communication_efficiency), 0.875, 1e-12);   // TALP: 0.88
  EXPECT_NEAR(metric(global, device_orchestration_efficiency), 0.8, 1e-12);     // TALP: 0.80
  EXPECT_TRUE(reads_back(document));
}

TEST(TalpVersions, dlb_3_8_renamed_serialization_time_is_read) {
  nlohmann::json talp = load_json(fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json");
  talp["dlbVersion"] = "3.8.0";
  nlohmann::json& global = talp["Application"]["Global"];
  global["ompOutsideParallelTime"] = global["ompSerializationTime"];
  global.erase("ompSerializationTime");
  EXPECT_EQ(region(import_ok(talp), "Global").raw.openmp->serialization_ns, 373445466u);
}

// Development builds of DLB 3.5 (dlbVersion "3.5a"), which talp-pages 3.5 reads, named the section "popMetrics".
TEST(TalpVersions, dlb_3_5_development_section_name_is_accepted) {
  nlohmann::json talp = load_json(test_files + "/dlb_3_5_hybrid_two_nodes.json");
  talp["dlbVersion"] = "3.5a";
  talp["popMetrics"] = talp["Application"];
  talp.erase("Application");
  EXPECT_EQ(import_ok(talp).regions.size(), 2u);
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
