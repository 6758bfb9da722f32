// The library's entry and exit: decides at load whether this process is measured, lets the
// backends prepare, starts the run unless a backend starts it later, and at exit writes the
// run that no backend ended. Only in libtally.so, never in test executables.
#include "core/backends.hpp"
#include "core/clock.hpp"
#include "core/host_probe.hpp"
#include "core/process.hpp"
#include "core/region_registry.hpp"
#include "core/warnings.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <pthread.h>
#include <string_view>
#include <unistd.h>

namespace tally::profiler {
namespace {

/// Set by a measured process so that the programs it executes are not measured as runs.
constexpr const char* measured_parent_variable = "TALLY_MEASURED_PARENT";

/// Programs that start other programs: LD_PRELOAD reaches them, but they are not the run.
constexpr std::array<std::string_view, 29> launchers{
    "mpirun",  "mpiexec", "orterun", "orted",    "prterun", "prted",  "prte",   "srun", "hydra_pmi_proxy", "env",
    "sh",      "bash",    "dash",    "zsh",      "ksh",     "csh",    "tcsh",   "time", "timeout",         "nohup",
    "taskset", "numactl", "tally",   "valgrind", "gdb",     "strace", "ltrace", "perf", "mpiexec.hydra"};

bool is_launcher(const std::string& program, const Options& options) {
  return std::find(launchers.begin(), launchers.end(), program) != launchers.end() ||
         std::find(options.skip_programs.begin(), options.skip_programs.end(), program) != options.skip_programs.end();
}

void on_fork_child() {
  // The child of a fork shares the parent's measurements; only the parent reports them.
  process().phase = Phase::off;
}

__attribute__((constructor)) void on_library_load() {
  if (std::getenv(measured_parent_variable)) return;
  Process& p = process();
  std::vector<std::string> problems;
  p.options = read_options(problems);
  if (is_launcher(program_name(), p.options)) return;
  // The load phase says the same on every rank of an MPI program; a backend that starts the run
  // later decides who prints (rank 0).
  hold_warnings();
  for (const std::string& problem : problems)
    warn_once(Warning::configuration, problem);
  if (const std::string warning = init_clock(p.options.clock); !warning.empty()) warn_once(Warning::clock, warning);
  setenv(measured_parent_variable, std::to_string(getpid()).c_str(), 1);
  pthread_atfork(nullptr, nullptr, on_fork_child);
  p.global = register_region("Global");
  for (const Backend& backend : backends()) {
    if (backend.on_load) backend.on_load();
  }
  if (p.phase == Phase::off) {
    release_warnings(true);
    start_run();
  }
}

__attribute__((destructor)) void on_library_exit() {
  Process& p = process();
  if (p.phase == Phase::off || p.phase == Phase::done) return;
  for (const Backend& backend : backends()) {
    if (backend.on_exit) backend.on_exit();
  }
  if (p.phase == Phase::measuring) write_single_process_run();
  p.phase = Phase::done;
}

} // namespace
} // namespace tally::profiler
