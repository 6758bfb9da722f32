// SPDX-License-Identifier: BSD-3-Clause
// MPI families by their library version strings. The configure step names the first family from
// the same string (cmake/TallyOptions.cmake); these are the strings of every MPI a family serves.
#include "mpi/library_family.hpp"

#include <array>

namespace tally::profiler::mpi {
namespace {

constexpr MpiFamily openmpi{"openmpi", "Open MPI"};
constexpr MpiFamily mpich{"mpich", "MPICH family"};

/// How each MPI's version string starts ("MPI VERSION    : CRAY MPICH version 8.1..." names Cray's
/// MPICH on its first line, not at its start).
struct Marker {
  std::string_view text;
  bool at_start;
  MpiFamily family;
};
constexpr std::array markers{
    Marker{"Open MPI", true, openmpi}, Marker{"MPICH", true, mpich},       Marker{"Intel(R) MPI Library", true, mpich},
    Marker{"MVAPICH", true, mpich},    Marker{"CRAY MPICH", false, mpich},
};

} // namespace

std::optional<MpiFamily> family_of_library_version(std::string_view version) {
  const std::string_view first_line = version.substr(0, version.find('\n'));
  for (const Marker& marker : markers) {
    if (marker.at_start ? first_line.starts_with(marker.text) : first_line.find(marker.text) != std::string_view::npos)
      return marker.family;
  }
  return std::nullopt;
}

std::optional<MpiFamily> family_named(std::string_view name) {
  for (const MpiFamily& family : {openmpi, mpich}) {
    if (family.name == name) return family;
  }
  return std::nullopt;
}

} // namespace tally::profiler::mpi
