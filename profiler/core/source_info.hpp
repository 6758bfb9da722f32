// SPDX-License-Identifier: BSD-3-Clause
// Which commit and branch were measured, from tally's options or the usual CI variables of
// GitLab CI and GitHub Actions.
#pragma once

#include "core/options.hpp"
#include "tally/model/run_document.hpp"

#include <optional>

namespace tally::profiler {

/// The source section, or nullopt when no commit is known. A baseline run of an A/B study takes
/// only tally's options: the CI's variables describe the candidate's commit.
std::optional<model::SourceInfo> source_from_environment(const Options& options);

} // namespace tally::profiler
