// SPDX-License-Identifier: BSD-3-Clause
// Which A/B study (`tally run --baseline ... --candidate ...`) the input holds: one study, both
// sides present, each side's commit; or why its pairs cannot be judged.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include <string>
#include <variant>

namespace tally::gate {

/// The A/B study whose pairs the gate judges (paired.hpp).
struct AbStudy {
  std::string id;
  std::string baseline_commit;  ///< source.commit of its baseline runs ("" when they record none)
  std::string candidate_commit; ///< source.commit of its candidate runs
};

/// Why the input's A/B study cannot be judged, one line.
struct AbStudyError {
  std::string message;
};

/// Whether any run of `runs` belongs to an A/B study.
bool has_ab_study(const analysis::ingest::RunSet& runs);

/// The study of `runs` named `id`, or the only one when `id` is empty. An error when there is none,
/// when several are present and none is named (listing their ids), or when one side has no runs.
std::variant<AbStudy, AbStudyError> find_ab_study(const analysis::ingest::RunSet& runs, const std::string& id);

} // namespace tally::gate
