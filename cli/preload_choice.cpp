// SPDX-License-Identifier: BSD-3-Clause
// The preload library for a command, by the MPI family its program links.
#include "cli/preload_choice.hpp"

#include "cli/program_mpi.hpp"

#include <algorithm>
#include <cstdlib>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view library_prefix = "libtally-";
constexpr std::string_view library_suffix = ".so";

fs::path family_library(const fs::path& folder, std::string_view family) {
  return folder / (std::string(library_prefix) + std::string(family) + std::string(library_suffix));
}

/// The families of the preload libraries in `folder`, sorted: libtally-mpich.so -> "mpich".
std::vector<std::string> built_variants(const fs::path& folder) {
  std::vector<std::string> variants;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(library_prefix) && name.ends_with(library_suffix) &&
        name.size() > library_prefix.size() + library_suffix.size())
      variants.push_back(
          name.substr(library_prefix.size(), name.size() - library_prefix.size() - library_suffix.size()));
  }
  std::sort(variants.begin(), variants.end());
  return variants;
}

std::string missing_family(const ProgramMpi& mpi, const fs::path& folder) {
  std::string problem = mpi.program.string() + " links " + mpi.library + " (" + std::string(mpi.family.title) + ")";
  if (!mpi.through.empty()) problem += " through " + mpi.through;
  const std::vector<std::string> variants = built_variants(folder);
  std::string libraries;
  std::string families;
  for (const std::string& variant : variants) {
    libraries += (libraries.empty() ? "" : ", ") + family_library("", variant).string();
    // nompi: the library of a build without MPI, no family to build again.
    if (variant != "nompi") families += variant + ";";
  }
  problem += libraries.empty() ? " but " + folder.string() + " has no preload library"
                               : " but this installation has only " + libraries;
  return problem + "; rebuild tally with -DTALLY_MPI_FAMILIES=\"" + families + std::string(mpi.family.name) +
         "\", or set TALLY_LIBRARY to a libtally built for it";
}

/// libtally.so next to this tally: installed (../lib) or in the build tree; empty if neither.
fs::path installed_library() {
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  for (const fs::path& candidate : {executable.parent_path() / TALLY_RELATIVE_LIBRARY, fs::path(TALLY_BUILD_LIBRARY)}) {
    if (fs::exists(candidate, error)) return candidate.lexically_normal();
  }
  return {};
}

} // namespace

PreloadChoice choose_preload(const std::vector<std::string>& command, const fs::path& default_library) {
  const std::optional<ProgramMpi> mpi = find_command_mpi(command);
  if (!mpi) {
    const fs::path unreachable = find_static_program(command);
    if (unreachable.empty()) return {default_library.string(), "", ""};
    return {default_library.string(), "",
            unreachable.string() + " is statically linked: no preloaded library reaches it, so it is not measured; "
                                   "link it dynamically"};
  }
  const fs::path folder = default_library.parent_path();
  std::error_code error;
  for (const std::string_view variant : {mpi->family.name, std::string_view("other")}) {
    if (const fs::path library = family_library(folder, variant); fs::exists(library, error))
      return {library.string(), "", ""};
  }
  return {"", missing_family(*mpi, folder), ""};
}

PreloadChoice preload_for_command(const std::vector<std::string>& command) {
  if (const char* explicit_path = std::getenv("TALLY_LIBRARY"); explicit_path && *explicit_path)
    return {explicit_path, "", ""};
  const fs::path installed = installed_library();
  if (installed.empty()) return {"", "cannot find libtally.so next to this tally; set TALLY_LIBRARY to its path", ""};
  return choose_preload(command, installed);
}

} // namespace tally::cli
