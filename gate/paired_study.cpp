// SPDX-License-Identifier: BSD-3-Clause
// A folder of an A/B study may also hold the runs of other studies or of plain commits: only the
// study's own runs are paired, and a study with one side missing is said so rather than passed.
#include "gate/paired_study.hpp"

#include <map>
#include <set>

namespace tally::gate {

bool has_ab_study(const analysis::ingest::RunSet& runs) {
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    if (run.document.run.ab_study) return true;
  }
  return false;
}

std::variant<AbStudy, AbStudyError> find_ab_study(const analysis::ingest::RunSet& runs, const std::string& id) {
  std::map<std::string, std::map<model::AbSide, std::set<std::string>>> studies; // id -> side -> commits
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    if (const auto& study = run.document.run.ab_study)
      studies[study->id][study->side].insert(run.document.source ? run.document.source->commit : "");
  }
  if (studies.empty()) return AbStudyError{"no run of the input belongs to an A/B study (tally run --baseline ...)"};
  if (id.empty() && studies.size() > 1) {
    std::string ids;
    for (const auto& [name, sides] : studies)
      ids += (ids.empty() ? "" : ", ") + name;
    return AbStudyError{"the input holds " + std::to_string(studies.size()) + " A/B studies (" + ids +
                        "): name one with --study"};
  }
  const auto study = id.empty() ? studies.begin() : studies.find(id);
  if (study == studies.end()) return AbStudyError{"no run of the input belongs to the A/B study " + id};
  for (const model::AbSide side : {model::AbSide::baseline, model::AbSide::candidate}) {
    if (!study->second.contains(side))
      return AbStudyError{"the A/B study " + study->first + " has no " + std::string(model::to_string(side)) +
                          " runs: nothing to pair them with"};
  }
  const auto commit_of = [&](model::AbSide side) { return *study->second.at(side).begin(); };
  return AbStudy{study->first, commit_of(model::AbSide::baseline), commit_of(model::AbSide::candidate)};
}

} // namespace tally::gate
