// SPDX-License-Identifier: BSD-3-Clause
// The imported run id's content hash equals FNV-1a of dump()'s text for every kind of JSON value:
// nlohmann/json's own serialisation is the reference.
#include "analysis/ingest/talp/dump_hash.hpp"

#include "tally/model/stable_hash.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace tally::analysis::ingest::talp {
namespace {

TEST(DumpHash, equals_the_hash_of_the_dump_text_for_every_kind_of_value) {
  const nlohmann::json document = nlohmann::json::parse(R"({
    "zeta": [1, -2, 18446744073709551615, -9223372036854775808, 0],
    "alpha": {"b": true, "a": false, "n": null, "empty": {}, "none": []},
    "floats": [0.1, 2.0, 1e-05, 1.7976931348623157e308, -0.0, 123456789.125, 5e-324],
    "text": ["plain", "", "quote \" backslash \\ newline \n tab \t bell \u0007", "é ü 中 😀", "/slash\u007f"],
    "deep": [[[{"x": [{"y": "z"}]}]]],
    "duplicate": 1, "duplicate": 2
  })");
  EXPECT_EQ(dump_hash(document), model::fnv1a<std::uint64_t>(document.dump()));
}

TEST(DumpHash, a_text_longer_than_its_buffer_hashes_whole) {
  const nlohmann::json document = {{"long", std::string(10000, 'a')}, {"after", 1}};
  EXPECT_EQ(dump_hash(document), model::fnv1a<std::uint64_t>(document.dump()));
}

TEST(DumpHash, scalars_alone) {
  for (const nlohmann::json& value :
       {nlohmann::json(nullptr), nlohmann::json(3.5), nlohmann::json("s"), nlohmann::json(-7), nlohmann::json(true)})
    EXPECT_EQ(dump_hash(value), model::fnv1a<std::uint64_t>(value.dump())) << value.dump();
}

} // namespace
} // namespace tally::analysis::ingest::talp
