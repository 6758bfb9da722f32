// SPDX-License-Identifier: BSD-3-Clause
// The family of the MPI the process runs, asked of the MPI itself (MPI_Get_library_version, which
// the standard allows at any time and whose arguments hold no handle), against the family this
// library's wrappers were generated for (TALLY_MPI_FAMILY, set by the build); and whether this
// library's own handles reach that MPI.
#include "mpi/loaded_mpi.hpp"

#include "core/helper_thread.hpp"
#include "core/process.hpp"
#include "core/warnings.hpp"
#include "mpi/library_family.hpp"
#include "mpi/mpi_entry.hpp"

#include "mpi/pmpi_weak.hpp"

#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <optional>
#include <string>

namespace tally::profiler::mpi {
namespace {

namespace fs = std::filesystem;

/// The longest MPI_MAX_LIBRARY_VERSION_STRING of the families (MPICH's; Open MPI's is 256): the MPI
/// that writes the string is the program's, not the one this library was compiled against.
constexpr int longest_library_version = 8192;

std::optional<MpiFamily> running_family() {
  // Found through the dynamic loader, as the MPI may have been opened after this library (mpi4py).
  using LibraryVersion = int (*)(char*, int*);
  const auto library_version = reinterpret_cast<LibraryVersion>(dlsym(RTLD_DEFAULT, "PMPI_Get_library_version"));
  if (!library_version) return std::nullopt;
  static char text[longest_library_version + 1] = {};
  int length = 0;
  if (library_version(text, &length) != 0 || length <= 0 || length > longest_library_version) return std::nullopt;
  return family_of_library_version(std::string_view(text, static_cast<std::size_t>(length)));
}

/// The job's rank of this process as its launcher tells it (Open MPI's mpirun, Hydra, PMIx, srun);
/// nullopt when none does. MPI cannot be asked: its handles are not this library's.
std::optional<long> launcher_rank() {
  for (const char* variable : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"}) {
    if (const char* value = std::getenv(variable); value && *value) return std::strtol(value, nullptr, 10);
  }
  return std::nullopt;
}

/// This library's file as the process loaded it (LD_PRELOAD's name: libtally.so or libtally-<family>.so).
fs::path this_library() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&loaded_mpi_is_measurable), &info) == 0 || !info.dli_fname) return "libtally.so";
  return info.dli_fname;
}

/// Where the process found `symbol`: the MPI library's file; empty where it did not.
std::string file_defining(const char* symbol) {
  Dl_info info{};
  void* const address = dlsym(RTLD_DEFAULT, symbol);
  if (!address || dladdr(address, &info) == 0 || !info.dli_fname) return "";
  return info.dli_fname;
}

/// Whether this library's predefined handles (MPI_COMM_WORLD, MPI_SUM...) reach the MPI: Open MPI's
/// are the addresses of its globals, bound when this library was loaded, and so null in a program
/// that opened MPI later (Python with mpi4py, a plugin); the MPICH family's are constants.
bool handles_bound() {
#if defined(OPEN_MPI)
  return &ompi_mpi_comm_world != nullptr;
#else
  return true;
#endif
}

/// One line for a program that opened MPI after this library: how to load it before.
std::string late_mpi_advice() {
  const std::string library = this_library().string();
  const std::string mpi = file_defining("PMPI_Init");
  return "this program opened MPI after " + fs::path(library).filename().string() +
         " was loaded (Python with mpi4py, a plugin), which then cannot reach its handles: not measured; preload "
         "the MPI after it, LD_PRELOAD=" +
         library + ":" + mpi + " (tally run: LD_PRELOAD=" + mpi + ", kept after its library)";
}

/// One line: the MPI found, the library loaded and what it was built for, and which to preload.
std::string family_advice(const MpiFamily& running, const MpiFamily& ours) {
  const fs::path library = this_library();
  const fs::path needed = library.parent_path() / ("libtally-" + std::string(running.name) + ".so");
  std::string text = "this program's MPI (" + std::string(running.title) + ") is not the one " +
                     library.filename().string() + " was built for (" + std::string(ours.title) + "): not measured; ";
  std::error_code error;
  if (fs::exists(needed, error))
    return text + "preload " + needed.string() + " instead (tally run: TALLY_LIBRARY=" + needed.string() + ")";
  return text + "build tally for it (-DTALLY_MPI_FAMILIES) and preload its libtally-" + std::string(running.name) +
         ".so (tally run: TALLY_LIBRARY=<its path>)";
}

} // namespace

bool loaded_mpi_is_measurable() {
  const std::optional<MpiFamily> ours = family_named(TALLY_MPI_FAMILY);
  const std::optional<MpiFamily> running = running_family();
  std::string problem;
  if (ours && running && running->name != ours->name)
    problem = family_advice(*running, *ours);
  else if (!handles_bound())
    problem = late_mpi_advice();
  if (problem.empty()) return true;
  tally_mpi_passing_through.store(true, std::memory_order_relaxed);
  Process& p = process();
  if (p.phase == Phase::off) return false;
  // The load phase's warnings are about a run that will not be.
  release_warnings(false);
  if (launcher_rank().value_or(0) == 0) warn_once(Warning::mpi_library, problem);
  // A program that loaded MPI late (dlopen) was measured from its start: that run is given up.
  if (p.phase == Phase::measuring) stop_helper_thread();
  p.phase = Phase::done;
  return false;
}

} // namespace tally::profiler::mpi
