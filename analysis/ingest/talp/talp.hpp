// SPDX-License-Identifier: BSD-3-Clause
// Import of the JSON files DLB's TALP writes (DLB 3.4 to 3.7, recognised by `dlbVersion`) as
// tally.run/8 documents, metrics recomputed from TALP's raw times. The mapping, and what is
// exact and what is estimated, is described in analysis/ingest/talp/README.md.
#pragma once

#include "tally/model/document_io.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace tally::analysis::ingest::talp {

struct TalpImportOptions {
  std::string experiment = "talp"; ///< run.experiment of the imported documents
};

/// The TALP document in `text` (the bytes of a file) as a tally run document with computed
/// metrics, or every problem found, each as `file: /json/pointer: message` with the pointer into
/// the TALP document; nullopt when `text` is not a TALP document (not an object with a top-level
/// `dlbVersion` member), which costs no parse unless the text holds the word. `file` names the
/// document in messages and gives the run id its stem; the id's hash is that of `text`.
std::optional<model::ReadResult> import_talp(std::string_view text, const std::string& file,
                                             const TalpImportOptions& options);

} // namespace tally::analysis::ingest::talp
