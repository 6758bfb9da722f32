// SPDX-License-Identifier: BSD-3-Clause
// Reads every run document below the input folders, in parallel on all cores. tally documents
// and DLB TALP documents are both accepted; invalid ones are kept aside with their problems.
#pragma once

#include "tally/model/run_document.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace tally::analysis::ingest {

struct LoadedRun {
  std::filesystem::path file;
  model::RunDocument document;
};

struct InvalidDocument {
  std::string file;
  std::vector<std::string> problems; ///< `file: /pointer: message` lines
};

struct RunSet {
  std::vector<LoadedRun> runs;          ///< in file order
  std::vector<InvalidDocument> invalid; ///< in file order
};

/// Loads the documents of `inputs` (files, or folders searched at any depth) on `threads` threads.
RunSet load_runs(const std::vector<std::string>& inputs, unsigned threads);

} // namespace tally::analysis::ingest
