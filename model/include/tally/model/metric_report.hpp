// SPDX-License-Identifier: BSD-3-Clause
// The metric tree of each region of a run, as indented text (like the summary of POP tools)
// or as nested JSON. Metrics are recomputed from the raw aggregates, never taken on trust.
#pragma once

#include "tally/model/run_document.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace tally::model {

/// Text report of every region: a header line per region, then one indented line per metric.
std::string metric_report_text(const RunDocument& document);

/// The same report as JSON: per region its name, visits and the metric tree with children.
nlohmann::ordered_json metric_report_json(const RunDocument& document);

} // namespace tally::model
