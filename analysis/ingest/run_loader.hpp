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

/// What load_runs keeps of each document.
struct LoadOptions {
  /// The timeline's per-bucket arrays: up to 4 × 256 values a run, which only a run page draws
  /// (restore_timeline_buckets reads them again). Its behaviour and idle nodes are always kept.
  bool timeline_buckets = true;
};

/// Loads the documents of `inputs` (files, or folders searched at any depth) on `threads` threads;
/// a document whose run id an earlier file has is set aside as invalid (repeated_runs.hpp).
RunSet load_runs(const std::vector<std::string>& inputs, unsigned threads, const LoadOptions& options = {});

/// Reads `run`'s file again for the timeline's arrays that load_runs left out; leaves `run` as it
/// was when the file no longer reads as a document.
void restore_timeline_buckets(LoadedRun& run);

} // namespace tally::analysis::ingest
