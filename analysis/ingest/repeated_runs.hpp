// SPDX-License-Identifier: BSD-3-Clause
// One run, one document: a document whose run id another document already has (an artifact
// downloaded twice, a history folder copied into another) would count that run twice, as two
// repetitions that agree to the last digit.
#pragma once

#include "analysis/ingest/run_loader.hpp"

namespace tally::analysis::ingest {

/// Moves every run whose id an earlier run (in file order) has to `runs.invalid`, naming the file
/// that was kept: "b.json: run lulesh-abc-4 is also b's copy a.json: read once".
void set_aside_repeated_runs(RunSet& runs);

} // namespace tally::analysis::ingest
