// SPDX-License-Identifier: BSD-3-Clause
// Expansion of command-line paths into document files.
#include "analysis/ingest/document_paths.hpp"

#include <algorithm>
#include <system_error>

namespace tally::analysis::ingest {
namespace fs = std::filesystem;

namespace {

void add_json_files_below(const fs::path& folder, DocumentPaths& out) {
  std::vector<fs::path> found;
  std::error_code error;
  fs::recursive_directory_iterator walk(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && walk != fs::recursive_directory_iterator(); walk.increment(error)) {
    if (walk->is_regular_file(error) && walk->path().extension() == ".json") found.push_back(walk->path());
  }
  if (error) out.problems.push_back(folder.string() + ": cannot list folder: " + error.message());
  std::sort(found.begin(), found.end());
  out.files.insert(out.files.end(), found.begin(), found.end());
}

} // namespace

DocumentPaths expand_document_paths(const std::vector<std::string>& arguments) {
  DocumentPaths out;
  for (const std::string& argument : arguments) {
    const fs::path path(argument);
    std::error_code error;
    const auto status = fs::status(path, error);
    if (error || !fs::exists(status)) {
      out.problems.push_back(argument + ": no such file or folder");
    } else if (fs::is_directory(status)) {
      add_json_files_below(path, out);
    } else {
      out.files.push_back(path);
    }
  }
  return out;
}

} // namespace tally::analysis::ingest
