// SPDX-License-Identifier: BSD-3-Clause
// schemas/run.v2.schema.json and the reader agree on the examples: a field the schema requires
// the reader requires, an optional one may be left out, and both refuse unknown fields and values
// of another type. Keeps the schema (the format's documentation) from drifting from the code.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/metric_tree.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace tally::model {
namespace {

using nlohmann::json;
using Pointer = json::json_pointer;
using ::testing::Contains;
using ::testing::StartsWith;

json run_schema() { return example_runs::read_json(TALLY_RUN_SCHEMA); }

/// The schema node behind a chain of local `$ref`s ("#/$defs/...").
const json& resolve(const json& schema, const json& node) {
  const json* at = &node;
  while (at->contains("$ref"))
    at = &schema.at(Pointer(at->at("$ref").get<std::string>().substr(1)));
  return *at;
}

enum class Place { required_member, optional_member, array_item };

/// One value of an example document and the (resolved) schema node that describes it.
struct Node {
  Pointer pointer;
  const json* schema;
  Place place;
};

void collect(const json& schema, const json& node_schema, const json& value, const Pointer& at,
             std::vector<Node>& out) {
  const json& here = resolve(schema, node_schema);
  if (value.is_object()) {
    EXPECT_EQ(here.value("additionalProperties", true), false) << at << " is open in the schema";
    json required = here.value("required", json::array());
    // A member another present member depends on (dependentRequired) is required here too.
    const json dependencies = here.value("dependentRequired", json::object());
    for (const auto& [key, dependents] : dependencies.items()) {
      if (value.contains(key)) required.insert(required.end(), dependents.begin(), dependents.end());
    }
    for (const auto& [key, member] : value.items()) {
      const json& member_schema = resolve(schema, here.at("properties").at(key));
      const bool is_required = std::find(required.begin(), required.end(), key) != required.end();
      out.push_back({at / key, &member_schema, is_required ? Place::required_member : Place::optional_member});
      collect(schema, member_schema, member, at / key, out);
    }
  } else if (value.is_array() && here.contains("items")) {
    const json& item_schema = resolve(schema, here.at("items"));
    for (std::size_t i = 0; i < value.size(); ++i) {
      out.push_back({at / i, &item_schema, Place::array_item});
      collect(schema, item_schema, value[i], at / i, out);
    }
  }
}

struct Example {
  std::string file;
  json document;
  std::vector<Node> nodes;
};

std::vector<Example> examples_with_nodes(const json& schema) {
  std::vector<Example> out;
  for (const auto& path : example_runs::example_paths()) {
    Example example{path.filename().string(), example_runs::read_json(path), {}};
    collect(schema, schema, example.document, Pointer(), example.nodes);
    out.push_back(std::move(example));
  }
  return out;
}

std::vector<std::string> problems_of(const json& document, const std::string& file) {
  return example_runs::problem_lines(read_run_document(document, file));
}

/// A value the schema refuses for a node of this type (for "integer", a negative one).
json wrong_value(const json& node_schema) {
  const std::string type = node_schema.value("type", "");
  if (type == "integer") return -1;
  if (type == "number") return "0.5";
  return 0;
}

TEST(SchemaAgreement, schema_metrics_are_the_run_scope_metrics) {
  const json schema = run_schema();
  std::set<std::string> in_schema;
  for (const auto& [key, value] : schema.at(Pointer("/$defs/metrics/properties")).items()) {
    EXPECT_TRUE(value.contains("description")) << key;
    in_schema.insert(key);
  }
  std::set<std::string> run_scope;
  for (const MetricInfo& metric : metric_table()) {
    if (metric.scope == MetricScope::run) run_scope.insert(std::string(metric.key));
  }
  EXPECT_EQ(in_schema, run_scope);
}

TEST(SchemaAgreement, reader_requires_what_the_schema_requires_and_nothing_else) {
  const json schema = run_schema();
  std::size_t required = 0;
  std::size_t optional = 0;
  for (const Example& example : examples_with_nodes(schema)) {
    for (const Node& node : example.nodes) {
      if (node.place == Place::array_item) continue;
      json broken = example.document;
      broken.at(node.pointer.parent_pointer()).erase(node.pointer.back());
      const auto lines = problems_of(broken, example.file);
      if (node.place == Place::required_member) {
        ++required;
        EXPECT_THAT(lines, Contains(example.file + ": " + node.pointer.to_string() + ": missing required field"));
      } else {
        ++optional;
        EXPECT_THAT(lines, ::testing::IsEmpty()) << node.pointer << " is optional in the schema";
      }
    }
  }
  EXPECT_GT(required, 300u);
  EXPECT_GT(optional, 50u);
}

TEST(SchemaAgreement, reader_refuses_unknown_fields_like_the_schema) {
  const json schema = run_schema();
  for (const Example& example : examples_with_nodes(schema)) {
    std::vector<Pointer> objects{Pointer()};
    for (const Node& node : example.nodes) {
      if (example.document.at(node.pointer).is_object()) objects.push_back(node.pointer);
    }
    for (const Pointer& object : objects) {
      json broken = example.document;
      broken.at(object)["not_in_the_schema"] = 1;
      const std::string at = (object / "not_in_the_schema").to_string();
      EXPECT_THAT(problems_of(broken, example.file), Contains(StartsWith(example.file + ": " + at + ": ")));
    }
  }
}

TEST(SchemaAgreement, reader_refuses_values_the_schema_types_differently) {
  const json schema = run_schema();
  for (const Example& example : examples_with_nodes(schema)) {
    for (const Node& node : example.nodes) {
      if (!node.schema->contains("type")) continue; // `schema` (a constant) and `scaling` (an enum)
      json broken = example.document;
      broken.at(node.pointer) = wrong_value(*node.schema);
      EXPECT_THAT(problems_of(broken, example.file),
                  Contains(StartsWith(example.file + ": " + node.pointer.to_string() + ": ")));
    }
  }
}

} // namespace
} // namespace tally::model
