// SPDX-License-Identifier: BSD-3-Clause
// Turns the paths given on a command line into the list of JSON documents to read.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tally::analysis::ingest {

struct DocumentPaths {
  std::vector<std::filesystem::path> files; ///< files given directly, then *.json below folders, sorted
  std::vector<std::string> problems;        ///< paths that do not exist or cannot be listed
};

/// Files are taken as given; folders are searched at any depth for *.json files.
DocumentPaths expand_document_paths(const std::vector<std::string>& arguments);

} // namespace tally::analysis::ingest
