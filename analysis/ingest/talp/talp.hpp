// SPDX-License-Identifier: BSD-3-Clause
// Import of the JSON files DLB's TALP writes (DLB 3.4 to 3.7, recognised by `dlbVersion`) as
// tally.run/2 documents, metrics recomputed from TALP's raw times. The mapping, and what is
// exact and what is estimated, is described in analysis/ingest/talp/README.md.
#pragma once

#include "tally/model/document_io.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace tally::analysis::ingest::talp {

struct TalpImportOptions {
  std::string experiment = "talp"; ///< run.experiment of the imported documents
};

/// True for a document written by DLB's TALP: an object with a `dlbVersion` member.
bool is_talp_document(const nlohmann::json& document);

/// The TALP document as a tally run document with computed metrics, or every problem found, each
/// as `file: /json/pointer: message` with the pointer into the TALP document. `file` names the
/// document in messages and gives the run id its stem.
model::ReadResult import_talp(const nlohmann::json& document, const std::string& file,
                              const TalpImportOptions& options);

} // namespace tally::analysis::ingest::talp
