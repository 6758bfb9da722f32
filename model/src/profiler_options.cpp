// SPDX-License-Identifier: BSD-3-Clause
// The option table of the profiler.
#include "tally/model/profiler_options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <utility>

namespace tally::model {
namespace {

constexpr std::array<OptionInfo, 26> options{{
    {"output", "TALLY_OUTPUT", "folder", "./tally-runs", "",
     "Folder where run documents are written; created if missing."},
    {"experiment", "TALLY_EXPERIMENT", "text", "default", "",
     "Experiment name, e.g. strong-scaling; runs of one experiment are compared with each other."},
    {"label", "TALLY_LABEL", "text", "", "",
     "Label of the run; default: its resources, e.g. \"1 node · 4 ranks × 2 threads\"."},
    {"scaling", "TALLY_SCALING", "strong|weak", "", "",
     "How the experiment scales, recorded in the document; unset leaves the choice to `tally pages`."},
    {"summary", "TALLY_SUMMARY", "on|off", "off", "",
     "Print the metric tree of each region on stderr at the end, and what the end of run cost rank 0 (time, "
     "memory)."},
    {"counters", "TALLY_COUNTERS", "on|off", "on", "",
     "Read instructions and cycles of the useful state with perf_event_open."},
    {"powercap-root", "TALLY_POWERCAP_ROOT", "folder", "/sys/class/powercap", "",
     "Where the energy counters (RAPL) are read, by one process per node; tests name a fake tree."},
    {"nvml-library", "TALLY_NVML_LIBRARY", "file", "libnvidia-ml.so.1", "",
     "The NVML library whose GPU energy counters are read, loaded at run time (never linked); tests name a fake."},
    {"cuda", "TALLY_CUDA", "on|off", "on", "",
     "Measure CUDA: time in the CUDA runtime and device activity through CUPTI, loaded only when CUDA starts."},
    {"openacc", "TALLY_OPENACC", "on|off", "on", "",
     "Measure OpenACC: the constructs as time in the device runtime and their counts, through the OpenACC Profiling "
     "Interface of the runtime the program loaded (none loaded: nothing registered)."},
    {"rocm", "TALLY_ROCM", "on|off", "on", "",
     "Measure HIP on AMD GPUs: time in the HIP runtime and each GPU's kernels and copies, as a rocprofiler-sdk tool "
     "that ROCm calls only when the program starts HIP."},
    {"clock", "TALLY_CLOCK", "auto|tsc|monotonic", "auto", "",
     "Clock source: the invariant TSC where available (auto), or clock_gettime(CLOCK_MONOTONIC)."},
    {"per-rank", "TALLY_PER_RANK", "on|off", "off", "",
     "Also store each rank's times per region (the document then grows with the number of ranks)."},
    {"ranks-per-node", "TALLY_RANKS_PER_NODE", "count", "0", "ranks",
     "Emulate nodes: consecutive blocks of this many ranks form one node; 0 takes nodes from host names."},
    {"said-warnings", "TALLY_SAID_WARNINGS", "file", "", "",
     "A file that keeps the warnings about the machine and the setup (no hardware counters, the clock, energy "
     "sensors, CUDA, the OpenMP runtime, malformed options) said so far: each is said by the first run that meets it "
     "and not again. `tally run` makes one per study (--scales, --baseline); must exist (never created); unset: every "
     "run says "
     "them."},
    {"skip-programs", "TALLY_SKIP_PROGRAMS", "text", "", "",
     "Comma-separated program names never measured, in addition to launchers and shells."},
    {"hang-timeout", "TALLY_HANG_TIMEOUT", "duration", "off", "",
     "Name a rank whose main thread has waited this long inside one MPI call (or the device runtime) on stderr and "
     "write the run so far as hung (90s, 10m, 1h; off or 0: never).",
     "10m"},
    {"job-end-time", "TALLY_JOB_END_TIME", "count", "", "s",
     "When the batch job's time limit ends the run (Unix time): the hang watchdog names a rank waiting inside a "
     "runtime call 30 s before it and writes the run so far as hung, whatever the hang timeout; recorded in "
     "run.job.end_time. Default: Slurm's SLURM_JOB_END_TIME; `tally run` under Slurm sets it from squeue, and from "
     "the step's own limit when earlier (srun -t)."},
    {"job-time-limit", "TALLY_JOB_TIME_LIMIT", "count", "", "s",
     "The batch job's time limit, counted from the process's start, where its end is not known otherwise "
     "(TALLY_JOB_END_TIME, SLURM_JOB_END_TIME): `tally run` sets it for a job its command submits (sbatch -t), whose "
     "start it cannot know. The end is then late by the batch script's time before the program, at most."},
    {"cpu-frequency", "TALLY_CPU_FREQUENCY", "frequency", "", "kHz",
     "The CPU frequency the run was asked to run at, recorded in resources.cpu_frequency_khz (2400000, or with a unit: "
     "2400MHz, 2.4GHz); default: Slurm's SLURM_CPU_FREQ_REQ when it is a number. tally never sets the frequency."},
    {"commit", "TALLY_COMMIT", "text", "", "",
     "Commit sha of the measured code; default: CI_COMMIT_SHA or GITHUB_SHA."},
    {"branch", "TALLY_BRANCH", "text", "", "",
     "Branch of the measured code; default: CI_COMMIT_REF_NAME, GITHUB_HEAD_REF or GITHUB_REF_NAME."},
    {"commit-time", "TALLY_COMMIT_TIME", "text", "", "",
     "Commit time, UTC ISO 8601; default: CI_COMMIT_TIMESTAMP when the commit is CI_COMMIT_SHA."},
    {"ab-study", "TALLY_AB_STUDY", "text", "", "",
     "The A/B study the run belongs to, recorded with its side and pair in run.ab_study; `tally run --baseline "
     "--candidate` sets the three for each run. Unset: none."},
    {"ab-side", "TALLY_AB_SIDE", "baseline|candidate", "", "", "The build of the A/B study the run measures."},
    {"ab-pair", "TALLY_AB_PAIR", "count", "", "",
     "The run's pair in the A/B study, from 1 within its configuration: one run of each side, compared by the gate."},
}};

} // namespace

std::span<const OptionInfo> profiler_options() { return options; }

const OptionInfo* find_profiler_option(std::string_view name) {
  const auto row = std::find_if(options.begin(), options.end(), [&](const OptionInfo& o) { return o.name == name; });
  return row == options.end() ? nullptr : &*row;
}

std::optional<std::chrono::seconds> parse_duration(std::string_view text) {
  if (text == "off" || text == "0") return std::chrono::seconds{0};
  if (text.size() < 2) return std::nullopt;
  std::uint64_t amount = 0;
  const char* end = text.data() + text.size() - 1;
  const auto [stop, error] = std::from_chars(text.data(), end, amount);
  if (error != std::errc{} || stop != end) return std::nullopt;
  // Ten years in seconds fits easily; a larger number is a typo, not a timeout.
  constexpr std::uint64_t longest_hours = 24 * 365 * 10;
  switch (*end) {
  case 's': return amount <= longest_hours * 3600 ? std::optional(std::chrono::seconds(amount)) : std::nullopt;
  case 'm': return amount <= longest_hours * 60 ? std::optional(std::chrono::seconds(amount * 60)) : std::nullopt;
  case 'h': return amount <= longest_hours ? std::optional(std::chrono::seconds(amount * 3600)) : std::nullopt;
  default: return std::nullopt;
  }
}

std::optional<std::uint64_t> parse_frequency_khz(std::string_view text) {
  constexpr std::uint64_t highest_khz = 100'000'000; // 100 GHz: anything above is a typo
  std::uint64_t khz_per_unit = 1;
  for (const auto& [unit, scale] : {std::pair{"khz", 1}, std::pair{"mhz", 1'000}, std::pair{"ghz", 1'000'000}}) {
    const std::string_view suffix(unit);
    if (text.size() > suffix.size() && std::equal(suffix.begin(), suffix.end(), text.end() - suffix.size(),
                                                  [](char a, char b) { return a == (b | 0x20); })) {
      text.remove_suffix(suffix.size());
      khz_per_unit = static_cast<std::uint64_t>(scale);
      break;
    }
  }
  const std::size_t point = text.find('.');
  const std::string_view whole_text = text.substr(0, point);
  const std::string_view fraction_text = point == std::string_view::npos ? "" : text.substr(point + 1);
  // A fraction finer than 1 kHz cannot be written in kHz: at most as many decimals as the unit has zeros.
  std::uint64_t fraction_scale = 1;
  for (std::size_t i = 0; i < fraction_text.size() && fraction_scale <= khz_per_unit; ++i)
    fraction_scale *= 10;
  if (fraction_scale > khz_per_unit || (point != std::string_view::npos && fraction_text.empty())) return std::nullopt;
  std::uint64_t whole = 0;
  std::uint64_t fraction = 0;
  const auto digits = [](std::string_view digits_text, std::uint64_t& value) {
    const auto [end, error] = std::from_chars(digits_text.data(), digits_text.data() + digits_text.size(), value);
    return error == std::errc{} && end == digits_text.data() + digits_text.size();
  };
  if (!digits(whole_text, whole) || (!fraction_text.empty() && !digits(fraction_text, fraction))) return std::nullopt;
  if (whole > highest_khz / khz_per_unit) return std::nullopt;
  const std::uint64_t khz = whole * khz_per_unit + fraction * (khz_per_unit / fraction_scale);
  if (khz == 0 || khz > highest_khz) return std::nullopt;
  return khz;
}

} // namespace tally::model
