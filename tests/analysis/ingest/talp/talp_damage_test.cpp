// SPDX-License-Identifier: BSD-3-Clause
// A deterministic damage loop over every TALP test file (fixed seed): members removed or replaced
// by values of other types. The importer must never throw; it imports a document that the model's
// reader accepts, or explains why not, each problem naming the file and a JSON pointer; a file that
// lost its dlbVersion is no TALP document any more.
#include "talp_test_support.hpp"

#include <random>

namespace tally::analysis::ingest::talp::test {
namespace {

using nlohmann::json;

constexpr std::uint32_t seed = 20261122;
constexpr int damages_per_file = 400;

/// Pointers of every value of `value`, the root excluded.
void collect_pointers(const json& value, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      out.push_back(at / key);
      collect_pointers(member, at / key, out);
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      out.push_back(at / i);
      collect_pointers(value[i], at / i, out);
    }
  }
}

json damaged(json document, const json::json_pointer& at, std::mt19937& random) {
  static const json replacements[] = {json(),        json(-1),   json(-0.5),    json(1e300),    json(0),
                                      json("3.7.0"), json(true), json::array(), json::object(), json(2.5)};
  if (random() % 3 == 0) {
    json& parent = document[at.parent_pointer()];
    if (parent.is_object()) parent.erase(at.back());
    if (parent.is_array()) parent.erase(parent.begin() + static_cast<std::ptrdiff_t>(std::stoul(at.back())));
  } else {
    document[at] = replacements[random() % std::size(replacements)];
  }
  return document;
}

TEST(TalpDamage, damaged_files_import_cleanly_or_explain_why_not) {
  std::mt19937 random(seed);
  for (const std::string& path :
       {fixtures + "/talp_mpi2_global.json", fixtures + "/talp_mpi2_regions_pop_process_node.json",
        fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json", test_files + "/dlb_3_4_pop_raw.json",
        test_files + "/dlb_3_5_hybrid_two_nodes.json", test_files + "/dlb_3_6_gpus.json",
        test_files + "/talp_pages_history_3_7.json"}) {
    SCOPED_TRACE(path);
    const json original = load_json(path);
    std::vector<json::json_pointer> pointers;
    collect_pointers(original, json::json_pointer(), pointers);
    for (int i = 0; i < damages_per_file; ++i) {
      const json::json_pointer at = pointers[random() % pointers.size()];
      const json document = damaged(original, at, random);
      std::optional<model::ReadResult> result;
      ASSERT_NO_THROW(result = import_talp(document.dump(), "damaged.json", {})) << at.to_string();
      if (!result) { // without its dlbVersion a file is no TALP document, for tally's reader to refuse
        EXPECT_FALSE(document.contains("dlbVersion")) << at.to_string();
        continue;
      }
      if (const auto* problems = std::get_if<model::Problems>(&*result)) {
        ASSERT_FALSE(problems->empty());
        for (const model::Problem& problem : *problems) {
          EXPECT_EQ(problem.file, "damaged.json");
          EXPECT_TRUE(problem.pointer.empty() || problem.pointer[0] == '/') << problem.pointer;
        }
      } else {
        ASSERT_TRUE(reads_back(std::get<model::RunDocument>(*result))) << "damaged at " << at.to_string();
      }
    }
  }
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
