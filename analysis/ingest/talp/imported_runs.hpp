// SPDX-License-Identifier: BSD-3-Clause
// The runs an output folder of `tally import` already holds, known by input name and end time, so
// that a file imported before is refused again even when its document has an id of an older scheme.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace tally::analysis::ingest::talp {

/// The imported documents of one folder, by the run they hold (the id without its content hash).
class ImportedRuns {
public:
  /// Lists the documents directly in `folder`; a folder that is missing or cannot be listed holds none.
  explicit ImportedRuns(const std::filesystem::path& folder);

  /// The document that holds the run of `run_id` already: the one of that id, or one whose id has
  /// the same input name and end time and another content hash. nullopt when there is none.
  std::optional<std::filesystem::path> find(const std::string& run_id) const;

  /// Records that the run of `run_id` is now held by `document`.
  void add(const std::string& run_id, const std::filesystem::path& document);

private:
  std::map<std::string, std::filesystem::path, std::less<>> by_run_;
};

} // namespace tally::analysis::ingest::talp
