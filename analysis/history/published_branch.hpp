// SPDX-License-Identifier: BSD-3-Clause
// Which branch a site publishes when none is named: the one its runs name most.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include <string>

namespace tally::analysis::history {

/// The branch a site of runs that name none is published as (runs measured outside CI).
inline constexpr const char* unnamed_branch = "local";

/// The branch most runs name; on a tie the first by name; unnamed_branch when no run names one.
std::string most_named_branch(const ingest::RunSet& runs);

} // namespace tally::analysis::history
