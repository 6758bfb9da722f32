// SPDX-License-Identifier: BSD-3-Clause
// The reading path of `tally pages` and `tally validate` (load_runs: one read of the file, one parse,
// the id's content hash taken while serialising) gives the documents of the plain path: the file
// parsed from a stream, imported, and hashed as its compact dump() text.
#include "talp_test_support.hpp"

#include "analysis/ingest/run_loader.hpp"

#include "tally/model/stable_hash.hpp"

#include <cstdio>
#include <filesystem>

namespace tally::analysis::ingest::talp::test {
namespace {

const std::string every_talp_file[] = {fixtures + "/talp_mpi2_global.json",
                                       fixtures + "/talp_mpi2_regions_pop_process_node.json",
                                       fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json",
                                       test_files + "/dlb_3_4_pop_raw.json",
                                       test_files + "/dlb_3_5_hybrid_two_nodes.json",
                                       test_files + "/dlb_3_6_gpus.json",
                                       test_files + "/talp_pages_history_3_7.json"};

/// The last part of an imported run id: FNV-1a of the document's compact text, low 32 bits in hex.
std::string dump_hash_part(const nlohmann::json& talp) {
  char hash[20];
  std::snprintf(hash, sizeof hash, "-%08llx",
                static_cast<unsigned long long>(model::fnv1a<std::uint64_t>(talp.dump()) & 0xffffffffull));
  return hash;
}

TEST(TalpReadingPath, load_runs_gives_the_document_of_parsing_and_importing_each_file) {
  for (const std::string& file : every_talp_file) {
    SCOPED_TRACE(file);
    const RunSet loaded = load_runs({file}, 1);
    ASSERT_EQ(loaded.runs.size(), 1u);
    const nlohmann::json talp = load_json(file);
    EXPECT_EQ(loaded.runs.front().document, import_ok(talp, file));
    EXPECT_TRUE(loaded.runs.front().document.run.id.ends_with(dump_hash_part(talp)));
  }
}

TEST(TalpReadingPath, the_run_id_hashes_the_whole_document_text) {
  const std::string file = fixtures + "/talp_mpi2_global.json";
  nlohmann::json talp = load_json(file);
  const std::string id = import_ok(talp, file).run.id;
  talp["unknownToTally"] = 1; // not read by the import, yet part of the content
  EXPECT_NE(import_ok(talp, file).run.id, id);
  EXPECT_TRUE(import_ok(talp, file).run.id.ends_with(dump_hash_part(talp)));
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
