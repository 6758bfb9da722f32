// SPDX-License-Identifier: BSD-3-Clause
// Which MPI a command's program uses: the MPI library among the libraries it loads, directly or
// through another one (a Fortran binding, an application's own library), and that MPI's family.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tally::cli {

/// An ABI family of MPIs: one preload library serves all of its members.
struct MpiFamily {
  std::string_view name;  ///< as in TALLY_MPI_FAMILIES and libtally-<name>.so: "mpich"
  std::string_view title; ///< for people: "MPICH family"
};

/// The family of an MPI library by its soname: libmpi.so.40 is Open MPI's; libmpich.so.12, and
/// libmpi.so.12 or libmpi_cray.so.12 of the MPIs that keep MPICH's ABI (Intel MPI, MVAPICH, Cray
/// MPICH), are the MPICH family's. nullopt for a library that is no MPI.
std::optional<MpiFamily> mpi_family_of(std::string_view soname);

/// An MPI library that a program loads.
struct ProgramMpi {
  std::filesystem::path program;
  std::string library; ///< its soname: "libmpi.so.40"
  std::string through; ///< the library that needs it, if not the program itself: "liblammps.so.0"
  MpiFamily family;
};

/// The MPI library of an ELF program, looked for breadth first through the libraries it needs as
/// the dynamic loader finds them; nullopt for a program without MPI or a file that is no program.
std::optional<ProgramMpi> find_program_mpi(const std::filesystem::path& program);

/// The MPI of the first program in a command that uses one: each word that names an ELF file
/// (a path, or a name found in PATH), launchers (mpirun, srun, env...) left out, so that
/// `mpirun -np 4 ./app` and `srun --mpi=pmix ./app` both find ./app's; a word with spaces, a
/// shell's script (`bash -c "mpirun -np 4 ./app"`), is looked into word by word, its words' quotes
/// taken off, and so is an option's value (`sbatch --wrap='srun ./app'`) and a script file that a
/// word names (`./run.sh`, `sbatch job.sh`: a file starting with `#!`), read, not run.
std::optional<ProgramMpi> find_command_mpi(const std::vector<std::string>& command);

/// The first program of a command, looked for as find_command_mpi does, that is statically linked:
/// preloading cannot measure it. Empty when there is none.
std::filesystem::path find_static_program(const std::vector<std::string>& command);

} // namespace tally::cli
