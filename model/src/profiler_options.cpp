// SPDX-License-Identifier: BSD-3-Clause
// The option table of the profiler.
#include "tally/model/profiler_options.hpp"

#include <algorithm>
#include <array>

namespace tally::model {
namespace {

constexpr std::array<OptionInfo, 14> options{{
    {"output", "TALLY_OUTPUT", "folder", "./tally-runs", "",
     "Folder where run documents are written; created if missing."},
    {"experiment", "TALLY_EXPERIMENT", "text", "default", "",
     "Experiment name, e.g. strong-scaling; runs of one experiment are compared with each other."},
    {"label", "TALLY_LABEL", "text", "", "",
     "Label of the run; default: its resources, e.g. \"1 node · 4 ranks × 2 threads\"."},
    {"scaling", "TALLY_SCALING", "strong|weak", "", "",
     "How the experiment scales, recorded in the document; unset leaves the choice to `tally pages`."},
    {"summary", "TALLY_SUMMARY", "on|off", "off", "", "Print the metric tree of each region on stderr at the end."},
    {"counters", "TALLY_COUNTERS", "on|off", "on", "",
     "Read instructions and cycles of the useful state with perf_event_open."},
    {"cuda", "TALLY_CUDA", "on|off", "on", "",
     "Measure CUDA: time in the CUDA runtime and device activity through CUPTI, loaded only when CUDA starts."},
    {"clock", "TALLY_CLOCK", "auto|tsc|monotonic", "auto", "",
     "Clock source: the invariant TSC where available (auto), or clock_gettime(CLOCK_MONOTONIC)."},
    {"per-rank", "TALLY_PER_RANK", "on|off", "off", "",
     "Also store each rank's times per region (the document then grows with the number of ranks)."},
    {"ranks-per-node", "TALLY_RANKS_PER_NODE", "count", "0", "ranks",
     "Emulate nodes: consecutive blocks of this many ranks form one node; 0 takes nodes from host names."},
    {"skip-programs", "TALLY_SKIP_PROGRAMS", "text", "", "",
     "Comma-separated program names never measured, in addition to launchers and shells."},
    {"commit", "TALLY_COMMIT", "text", "", "",
     "Commit sha of the measured code; default: CI_COMMIT_SHA or GITHUB_SHA."},
    {"branch", "TALLY_BRANCH", "text", "", "",
     "Branch of the measured code; default: CI_COMMIT_REF_NAME, GITHUB_HEAD_REF or GITHUB_REF_NAME."},
    {"commit-time", "TALLY_COMMIT_TIME", "text", "", "", "Commit time, UTC ISO 8601; default: CI_COMMIT_TIMESTAMP."},
}};

} // namespace

std::span<const OptionInfo> profiler_options() { return options; }

const OptionInfo* find_profiler_option(std::string_view name) {
  const auto row = std::find_if(options.begin(), options.end(), [&](const OptionInfo& o) { return o.name == name; });
  return row == options.end() ? nullptr : &*row;
}

} // namespace tally::model
