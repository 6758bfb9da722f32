// SPDX-License-Identifier: BSD-3-Clause
// The MPI family of a library version string, as each MPI writes it (the first line of its
// MPI_Get_library_version; the vendors' as their documentation shows them).
#include "mpi/library_family.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tally::profiler::mpi {
namespace {

std::string family_of(std::string_view version) {
  const std::optional<MpiFamily> family = family_of_library_version(version);
  return family ? std::string(family->name) : "none";
}

TEST(FamilyOfLibraryVersion, TellsOpenMpiFromTheMpichFamily) {
  EXPECT_EQ(family_of("Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022"),
            "openmpi");
  EXPECT_EQ(family_of("MPICH Version:\t4.0.2\nMPICH Release date:\tThu Apr  7 12:34:45 CDT 2022\n"), "mpich");
  EXPECT_EQ(family_of("Intel(R) MPI Library 2021.6 for Linux* OS\n"), "mpich");
  EXPECT_EQ(family_of("MVAPICH2 Version      :\t2.3.7\n"), "mpich");
  EXPECT_EQ(family_of("MPI VERSION    : CRAY MPICH version 8.1.4.31 (ANL base 3.4a2)\n"), "mpich");
}

TEST(FamilyOfLibraryVersion, NoFamilyForAnotherMpiOrALaterLine) {
  EXPECT_EQ(family_of("Microsoft MPI 10.1"), "none");
  EXPECT_EQ(family_of(""), "none");
  // Only the first line names the MPI: a configure line further down may name anything.
  EXPECT_EQ(family_of("Some MPI 1.0\nconfigured like MPICH, with Open MPI's launcher"), "none");
}

TEST(FamilyNamed, KnowsTheFamiliesOfTheBuildAndNotOther) {
  ASSERT_TRUE(family_named("mpich"));
  EXPECT_EQ(family_named("mpich")->title, "MPICH family");
  EXPECT_EQ(family_named("openmpi")->title, "Open MPI");
  EXPECT_FALSE(family_named("other"));
  EXPECT_FALSE(family_named("nompi"));
}

} // namespace
} // namespace tally::profiler::mpi
