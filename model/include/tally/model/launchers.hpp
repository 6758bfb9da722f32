// SPDX-License-Identifier: BSD-3-Clause
// Programs that start other programs (MPI launchers, shells, wrappers such as time or numactl): the
// profiler does not measure them, and `tally run` looks past them for the program of a command.
#pragma once

#include <string_view>

namespace tally::model {

/// Whether a program of this name (no folder: "mpiexec.mpich") only starts other programs.
bool is_launcher(std::string_view program_name);

} // namespace tally::model
