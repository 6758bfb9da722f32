// SPDX-License-Identifier: BSD-3-Clause
// Shared helpers of the TALP import tests: reading the fixtures and the test files, importing them,
// and finding regions and metrics in the result.
#pragma once

#include "analysis/ingest/talp/talp.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/run_metrics.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <optional>
#include <string>

namespace tally::analysis::ingest::talp::test {

inline const std::string fixtures = TALLY_TALP_FIXTURES;     // real DLB 3.7 files
inline const std::string test_files = TALLY_TALP_TEST_FILES; // files written for these tests

inline nlohmann::json load_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) ADD_FAILURE() << "cannot open " << path;
  return nlohmann::json::parse(in, nullptr, false);
}

/// What the import makes of `talp` written out as text, as a file holding it would be read.
inline model::ReadResult import_result(const nlohmann::json& talp, const std::string& file = "talp.json",
                                       const TalpImportOptions& options = {}) {
  std::optional<model::ReadResult> result = import_talp(talp.dump(), file, options);
  if (!result) {
    ADD_FAILURE() << "not read as a TALP document";
    return model::Problems{};
  }
  return std::move(*result);
}

/// The imported document; a failure listing the problems when the import refused it.
inline model::RunDocument import_ok(const nlohmann::json& talp, const std::string& file = "talp.json") {
  model::ReadResult result = import_result(talp, file);
  if (const auto* problems = std::get_if<model::Problems>(&result)) {
    for (const model::Problem& problem : *problems)
      ADD_FAILURE() << model::to_string(problem);
    return {};
  }
  return std::get<model::RunDocument>(std::move(result));
}

/// The problem lines of an import that must fail.
inline std::vector<std::string> import_problems(const nlohmann::json& talp, const std::string& file = "talp.json") {
  const model::ReadResult result = import_result(talp, file);
  std::vector<std::string> out;
  if (const auto* problems = std::get_if<model::Problems>(&result)) {
    for (const model::Problem& problem : *problems)
      out.push_back(model::to_string(problem));
  } else {
    ADD_FAILURE() << "the import succeeded";
  }
  return out;
}

inline const model::Region& region(const model::RunDocument& document, const std::string& name) {
  for (const model::Region& candidate : document.regions) {
    if (candidate.name == name) return candidate;
  }
  ADD_FAILURE() << "no region " << name;
  static const model::Region none;
  return none;
}

/// The metric's value, NaN when absent (so that comparisons fail visibly).
inline double metric(const model::Region& region, model::MetricId id) {
  return model::compute_run_metrics(region.raw).get(id).value_or(std::nan(""));
}

/// A run document that the model's reader accepts, as `tally validate` would.
inline bool reads_back(const model::RunDocument& document) {
  const model::ReadResult result = model::parse_run_document(model::write_run_document(document), "imported.json");
  if (const auto* problems = std::get_if<model::Problems>(&result)) {
    for (const model::Problem& problem : *problems)
      ADD_FAILURE() << model::to_string(problem);
    return false;
  }
  return std::get<model::RunDocument>(result) == document;
}

} // namespace tally::analysis::ingest::talp::test
