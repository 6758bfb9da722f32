// SPDX-License-Identifier: BSD-3-Clause
// The one label of a run's resources: "2 nodes · 8 ranks × 4 threads · 1 GPU · 2.4 GHz".
//
// It is the profiler's and the TALP importer's default run label, the report's header, and the
// name of a configuration in the site and the gate.
#pragma once

#include "tally/model/run_document.hpp"

#include <string>

namespace tally::model {

/// "1 node · 4 ranks × 2 threads", then " · 2 GPUs" when there are GPUs and " · 2.4 GHz" when the
/// run was asked for a CPU frequency. Nodes, ranks and threads are always named, so labels of one
/// scaling study line up; a count of 0 (unknown) reads as 1.
std::string resource_label(const Resources& resources);

} // namespace tally::model
