// SPDX-License-Identifier: BSD-3-Clause
// The reading path of `tally pages` and `tally validate` (load_runs: one read of the file, one parse)
// gives the documents of importing each file's text, and an imported run's id ends in the hash of the
// file's bytes as read: FNV-1a, computed here by its definition.
#include "talp_test_support.hpp"

#include "analysis/ingest/run_loader.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace tally::analysis::ingest::talp::test {
namespace {

const std::string every_talp_file[] = {fixtures + "/talp_mpi2_global.json",
                                       fixtures + "/talp_mpi2_regions_pop_process_node.json",
                                       fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json",
                                       test_files + "/dlb_3_4_pop_raw.json",
                                       test_files + "/dlb_3_5_hybrid_two_nodes.json",
                                       test_files + "/dlb_3_6_gpus.json",
                                       test_files + "/talp_pages_history_3_7.json"};

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// 64-bit FNV-1a by its definition (offset basis 14695981039346656037, prime 2^40 + 2^8 + 0xb3),
/// written apart from the model's so that the test does not check the code by itself.
std::uint64_t fnv1a_64(const std::string& bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char byte : bytes) {
    hash ^= byte;
    hash *= (std::uint64_t{1} << 40) + (1u << 8) + 0xb3;
  }
  return hash;
}

/// The last part of an imported run id: `-` and the low 32 bits of the hash in 8 hexadecimal digits.
std::string hash_part(const std::string& bytes) {
  char hash[20];
  std::snprintf(hash, sizeof hash, "-%08llx", static_cast<unsigned long long>(fnv1a_64(bytes) & 0xffffffffull));
  return hash;
}

TEST(TalpReadingPath, the_test_hash_is_fnv1a) {
  // The published test vectors of FNV-1a 64 (Fowler, Noll, Vo): "" and "a".
  EXPECT_EQ(fnv1a_64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a_64("a"), 0xaf63dc4c8601ec8cull);
}

TEST(TalpReadingPath, load_runs_gives_the_document_of_importing_each_files_text) {
  for (const std::string& file : every_talp_file) {
    SCOPED_TRACE(file);
    const RunSet loaded = load_runs({file}, 1);
    ASSERT_EQ(loaded.runs.size(), 1u);
    const std::string bytes = bytes_of(file);
    std::optional<model::ReadResult> imported = import_talp(bytes, file, {});
    ASSERT_TRUE(imported && std::holds_alternative<model::RunDocument>(*imported));
    EXPECT_EQ(loaded.runs.front().document, std::get<model::RunDocument>(*imported));
    EXPECT_TRUE(loaded.runs.front().document.run.id.ends_with(hash_part(bytes)));
  }
}

TEST(TalpReadingPath, the_run_id_is_the_stem_the_end_time_and_the_hash_of_the_bytes) {
  // The file's own bytes, 0f7a4fd0 by Python's loop over them; its timestamp is 2026-11-21T23:52:18.
  const std::string file = fixtures + "/talp_mpi2_global.json";
  const RunSet loaded = load_runs({file}, 1);
  ASSERT_EQ(loaded.runs.size(), 1u);
  EXPECT_EQ(loaded.runs.front().document.run.id, "talp_mpi2_global-20261121T235218Z-0f7a4fd0");
  EXPECT_EQ(hash_part(bytes_of(file)), "-0f7a4fd0");
}

TEST(TalpReadingPath, the_run_id_changes_with_any_byte_of_the_file) {
  const std::string file = fixtures + "/talp_mpi2_global.json";
  const std::string bytes = bytes_of(file);
  const std::string id = import_ok(load_json(file)).run.id;
  // The same content written otherwise (compact, a space more, a byte order mark before it) is
  // other bytes, so another run id: the hash taken while parsing covers the bytes the parser skips.
  for (const std::string& other : {load_json(file).dump(), bytes + " ", "\xEF\xBB\xBF" + bytes}) {
    std::optional<model::ReadResult> imported = import_talp(other, file, {});
    ASSERT_TRUE(imported && std::holds_alternative<model::RunDocument>(*imported));
    const std::string other_id = std::get<model::RunDocument>(*imported).run.id;
    EXPECT_TRUE(other_id.ends_with(hash_part(other)));
    EXPECT_NE(other_id, "talp_mpi2_global-20261121T235218Z-0f7a4fd0");
  }
  EXPECT_TRUE(id.starts_with("talp-20261121T235218Z-")); // import_ok names the document talp.json
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
