// SPDX-License-Identifier: BSD-3-Clause
// Hostile JSON is refused with one problem naming the file, before it can exhaust the stack or the
// memory: nesting deeper than the limit (brackets inside strings do not count) and oversized files.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace tally::model {
namespace {

using example_runs::problem_lines;
using ::testing::ElementsAre;

std::string nested_arrays(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(DocumentLimits, nesting_at_the_limit_parses_and_one_level_more_is_refused) {
  EXPECT_TRUE(std::holds_alternative<nlohmann::json>(parse_json(nested_arrays(64), "deep.json")));
  const auto refused = parse_json(nested_arrays(65), "deep.json");
  ASSERT_TRUE(std::holds_alternative<Problems>(refused));
  EXPECT_EQ(to_string(std::get<Problems>(refused).at(0)),
            "deep.json: /: arrays and objects nested deeper than 64 levels; not read");
}

TEST(DocumentLimits, a_million_levels_of_objects_and_arrays_are_refused_without_a_crash) {
  std::string text;
  for (int i = 0; i < 500000; ++i)
    text += "{\"a\":[";
  EXPECT_THAT(problem_lines(parse_run_document(text, "deep.json")),
              ElementsAre("deep.json: /: arrays and objects nested deeper than 64 levels; not read"));
}

TEST(DocumentLimits, brackets_inside_strings_and_escaped_quotes_do_not_count_as_nesting) {
  const std::string text = "{\"name\": \"\\\"" + std::string(1000, '[') + "\\\\\", \"b\": [[1]]}";
  const auto parsed = parse_json(text, "names.json");
  ASSERT_TRUE(std::holds_alternative<nlohmann::json>(parsed));
  EXPECT_EQ(std::get<nlohmann::json>(parsed)["b"][0][0], 1);
}

TEST(DocumentLimits, a_file_over_128_mib_is_refused_before_it_is_read) {
  const auto path = std::filesystem::temp_directory_path() / "tally_document_limits_large.json";
  std::ofstream(path) << "{";
  std::filesystem::resize_file(path, (std::uintmax_t{128} << 20) + 1); // sparse: no disk used
  const auto lines = problem_lines(load_run_document(path));
  std::filesystem::remove(path);
  EXPECT_THAT(lines, ElementsAre(path.string() +
                                 ": /: 134217729 bytes, larger than the 128 MiB a JSON file may have; not read"));
}

} // namespace
} // namespace tally::model
