// SPDX-License-Identifier: BSD-3-Clause
// The launchers' names.
#include "tally/model/launchers.hpp"

#include <algorithm>
#include <array>

namespace tally::model {
namespace {

/// With several MPIs installed, Debian names each one's launchers with its suffix (mpiexec.mpich is
/// MPICH's Hydra, mpiexec.hydra).
constexpr std::array<std::string_view, 33> launchers{
    "mpirun",  "mpiexec", "orterun",       "orted", "prterun", "hydra_pmi_proxy",
    "prted",   "prte",    "srun",          "env",   "sh",      "mpiexec.hydra",
    "bash",    "dash",    "zsh",           "ksh",   "csh",     "mpiexec.mpich",
    "tcsh",    "time",    "timeout",       "nohup", "taskset", "mpirun.mpich",
    "numactl", "tally",   "valgrind",      "gdb",   "strace",  "mpiexec.openmpi",
    "ltrace",  "perf",    "mpirun.openmpi"};

} // namespace

bool is_launcher(std::string_view program_name) {
  return std::find(launchers.begin(), launchers.end(), program_name) != launchers.end();
}

} // namespace tally::model
