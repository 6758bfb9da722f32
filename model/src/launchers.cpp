// SPDX-License-Identifier: BSD-3-Clause
// The launchers' names.
#include "tally/model/launchers.hpp"

#include <algorithm>
#include <array>

namespace tally::model {
namespace {

/// With several MPIs installed, Debian names each one's launchers with its suffix (mpiexec.mpich is
/// MPICH's Hydra, mpiexec.hydra). Slurm's sbatch and salloc start the steps that run the program.
constexpr std::array<std::string_view, 35> launchers{
    "mpirun", "mpiexec", "orterun",        "orted",  "prterun",  "hydra_pmi_proxy",
    "prted",  "prte",    "srun",           "sbatch", "salloc",   "mpiexec.hydra",
    "env",    "sh",      "bash",           "dash",   "zsh",      "mpiexec.mpich",
    "ksh",    "csh",     "tcsh",           "time",   "timeout",  "mpirun.mpich",
    "nohup",  "taskset", "numactl",        "tally",  "valgrind", "mpiexec.openmpi",
    "gdb",    "strace",  "mpirun.openmpi", "ltrace", "perf"};

} // namespace

bool is_launcher(std::string_view program_name) {
  return std::find(launchers.begin(), launchers.end(), program_name) != launchers.end();
}

} // namespace tally::model
