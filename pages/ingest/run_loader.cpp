// Parallel loading: one task per file; results land in slots of a vector so that the output
// order does not depend on thread timing.
#include "ingest/run_loader.hpp"

#include "common/parallel_for.hpp"
#include "import/talp.hpp"
#include "ingest/document_paths.hpp"

#include "tally/model/document_io.hpp"

#include <fstream>
#include <sstream>
#include <variant>

namespace tally::pages {
namespace {

using Outcome = std::variant<LoadedRun, InvalidDocument>;

InvalidDocument invalid(const std::string& file, const model::Problems& problems) {
  InvalidDocument out{file, {}};
  for (const model::Problem& problem : problems)
    out.problems.push_back(model::to_string(problem));
  return out;
}

Outcome load_one(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) return InvalidDocument{file, {file + ": /: cannot open file"}};
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json value;
  try {
    value = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception&) {
    // The model's reader words the parse error in the common format.
    return invalid(file, std::get<model::Problems>(model::parse_run_document(text.str(), file)));
  }
  const model::ReadResult result =
      is_talp_document(value) ? import_talp(value, file, TalpImportOptions{}) : model::read_run_document(value, file);
  if (const auto* problems = std::get_if<model::Problems>(&result)) return invalid(file, *problems);
  return LoadedRun{path, std::get<model::RunDocument>(result)};
}

} // namespace

RunSet load_runs(const std::vector<std::string>& inputs, unsigned threads) {
  const DocumentPaths paths = expand_document_paths(inputs);
  std::vector<Outcome> outcomes(paths.files.size());
  parallel_for(paths.files.size(), threads, [&](std::size_t i) { outcomes[i] = load_one(paths.files[i]); });

  RunSet out;
  for (const std::string& problem : paths.problems)
    out.invalid.push_back({problem, {problem}});
  for (Outcome& outcome : outcomes) {
    if (auto* run = std::get_if<LoadedRun>(&outcome)) {
      out.runs.push_back(std::move(*run));
    } else {
      out.invalid.push_back(std::move(std::get<InvalidDocument>(outcome)));
    }
  }
  return out;
}

} // namespace tally::pages
