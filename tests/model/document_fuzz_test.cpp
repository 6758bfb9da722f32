// SPDX-License-Identifier: BSD-3-Clause
// A deterministic fuzz loop over the example documents (fixed seed): truncations, byte flips,
// deleted and duplicated spans, inserted tokens, removed members and swapped JSON values. The
// reader must never throw; it reads the document (which then writes and reads back to itself) or
// explains why not, each problem naming the file and a JSON pointer.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <random>

namespace tally::model {
namespace {

using nlohmann::json;

constexpr std::uint32_t seed = 20261122;
constexpr int mutations_per_example = 1000;
const std::string file = "fuzz.json";

/// Fragments that reach corners of the JSON parser and of the reader.
constexpr std::array<std::string_view, 14> tokens{"1e999",
                                                  "-0",
                                                  "-1",
                                                  "18446744073709551616",
                                                  "0.5",
                                                  "null",
                                                  "\"\\ud800\"",
                                                  "\xff",
                                                  "{",
                                                  "]",
                                                  ",",
                                                  "\"\"",
                                                  "\"schema\": \"tally.run/8\", ",
                                                  "\"dlbVersion\": \"3.7.0\", "};

class Mutator {
public:
  explicit Mutator(std::uint32_t seed_value) : random_(seed_value) {}

  /// A byte-level mutation of `text`: truncation, byte flip, deleted or duplicated span, token.
  std::string mutate_text(std::string text) {
    if (text.empty()) return text;
    const std::size_t at = below(text.size());
    const std::size_t span = std::min<std::size_t>(1 + below(64), text.size() - at);
    switch (below(5)) {
    case 0: text.resize(at); break;
    case 1: text[at] = static_cast<char>(text[at] ^ (1 << below(8))); break;
    case 2: text.erase(at, span); break;
    case 3: text.insert(below(text.size()), text.substr(at, span)); break;
    default: text.insert(at, tokens[below(tokens.size())]); break;
    }
    return text;
  }

  /// A value-level mutation of `document` at one of `pointers` (those of the unmutated
  /// document): the member or item removed, or replaced by a value of another type.
  void mutate_value(json& document, const std::vector<json::json_pointer>& pointers) {
    const json::json_pointer& at = pointers[below(pointers.size())];
    if (!document.contains(at)) return; // removed by an earlier mutation
    if (below(4) == 0) {
      json& parent = document.at(at.parent_pointer());
      if (parent.is_object()) parent.erase(at.back());
      if (parent.is_array()) parent.erase(static_cast<std::size_t>(std::stoul(at.back())));
      return;
    }
    static const std::array<json, 11> values{json(nullptr),
                                             json(true),
                                             json(-1),
                                             json(0),
                                             json(std::uint64_t{18446744073709551615u}),
                                             json(1.5),
                                             json(""),
                                             json("x"),
                                             json::array(),
                                             json::object(),
                                             json({{"processes", 1}})};
    document.at(at) = values[below(values.size())];
  }

private:
  std::size_t below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }

  std::mt19937 random_;
};

/// The pointer of every value below the root of `value`.
void collect_pointers(const json& value, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  if (!at.empty()) out.push_back(at);
  if (value.is_object()) {
    for (const auto& [key, member] : value.items())
      collect_pointers(member, at / key, out);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i)
      collect_pointers(value[i], at / i, out);
  }
}

/// Reads one mutated input and checks the outcome; returns false (after recording a failure, which
/// shows the input) when the reader misbehaved.
bool read_or_explained(const std::function<ReadResult()>& read, const std::function<std::string()>& input) {
  try {
    const ReadResult result = read();
    if (const auto* document = std::get_if<RunDocument>(&result)) {
      const ReadResult again = parse_run_document(write_run_document(*document), file);
      EXPECT_TRUE(std::holds_alternative<RunDocument>(again) && std::get<RunDocument>(again) == *document)
          << "an accepted document does not read back to itself:\n"
          << input();
      return !::testing::Test::HasFailure();
    }
    const auto& problems = std::get<Problems>(result);
    EXPECT_FALSE(problems.empty()) << input();
    for (const Problem& problem : problems) {
      EXPECT_EQ(problem.file, file);
      EXPECT_TRUE(problem.pointer.empty() || problem.pointer.front() == '/') << problem.pointer;
      EXPECT_FALSE(problem.message.empty()) << problem.pointer;
    }
  } catch (const std::exception& error) {
    ADD_FAILURE() << "the reader threw " << error.what() << " on:\n" << input();
  }
  return !::testing::Test::HasFailure();
}

TEST(DocumentFuzz, mangled_text_is_read_or_explained_never_thrown) {
  Mutator mutator(seed);
  for (const auto& path : example_runs::example_paths()) {
    const std::string original = example_runs::read_text(path);
    for (int i = 0; i < mutations_per_example; ++i) {
      std::string text = mutator.mutate_text(original);
      if (i % 4 == 0) text = mutator.mutate_text(text); // some mutations stack
      const auto read = [&] { return parse_run_document(text, file); };
      if (!read_or_explained(read, [&] { return text; })) return; // one failure is enough to debug
    }
  }
}

TEST(DocumentFuzz, mangled_values_are_read_or_explained_never_thrown) {
  Mutator mutator(seed + 1);
  for (const auto& path : example_runs::example_paths()) {
    const json original = example_runs::read_json(path);
    std::vector<json::json_pointer> pointers;
    collect_pointers(original, json::json_pointer(), pointers);
    for (int i = 0; i < mutations_per_example; ++i) {
      json document = original;
      mutator.mutate_value(document, pointers);
      if (i % 4 == 0) mutator.mutate_value(document, pointers);
      const auto read = [&] { return read_run_document(document, file); };
      if (!read_or_explained(read, [&] { return document.dump(2); })) return;
    }
  }
}

} // namespace
} // namespace tally::model
