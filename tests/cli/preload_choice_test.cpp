// SPDX-License-Identifier: BSD-3-Clause
// The preload library for a command: the MPI family of a program from its sonames, found directly
// or through its libraries, past launchers, and the library of that family or the problem.
#include "cli/preload_choice.hpp"
#include "cli/program_mpi.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

std::string family_name(std::string_view soname) {
  const std::optional<MpiFamily> family = mpi_family_of(soname);
  return family ? std::string(family->name) : "none";
}

TEST(MpiFamilyOf, TellsOpenMpiFromTheMpichAbiBySoname) {
  EXPECT_EQ(family_name("libmpi.so.40"), "openmpi");
  EXPECT_EQ(family_name("libmpi.so.20.10.1"), "openmpi");
  EXPECT_EQ(family_name("libmpich.so.12"), "mpich");
  EXPECT_EQ(family_name("libmpi.so.12"), "mpich"); // Intel MPI, MVAPICH
  EXPECT_EQ(family_name("libmpi.so.12.1.8"), "mpich");
  EXPECT_EQ(family_name("libmpi_cray.so.12"), "mpich");
  EXPECT_EQ(family_name("libmpi.so.120"), "openmpi");
  EXPECT_EQ(family_name("libmpi_mpifh.so.40"), "none");
  EXPECT_EQ(family_name("libm.so.6"), "none");
}

TEST(FindProgramMpi, ReadsTheMpiLibraryTheProgramNeeds) {
  const std::optional<ProgramMpi> mpi = find_program_mpi(FAKE_MPICH_PROGRAM);
  ASSERT_TRUE(mpi);
  EXPECT_EQ(mpi->library, "libmpich.so.12");
  EXPECT_EQ(mpi->family.name, "mpich");
  EXPECT_EQ(mpi->through, "");
}

TEST(FindProgramMpi, FollowsTheLibrariesToAnMpiNeededByOneOfThem) {
  const std::optional<ProgramMpi> mpi = find_program_mpi(FAKE_SOLVER_PROGRAM);
  ASSERT_TRUE(mpi);
  EXPECT_EQ(mpi->library, "libmpi.so.40");
  EXPECT_EQ(mpi->family.name, "openmpi");
  EXPECT_EQ(mpi->through, fs::path(FAKE_SOLVER_LIBRARY).filename().string());
}

TEST(FindProgramMpi, FindsTheRealMpiOfAProgramBuiltHere) {
  if (std::string_view(REAL_MPI_PROGRAM).empty()) GTEST_SKIP() << "built without MPI";
  const std::optional<ProgramMpi> mpi = find_program_mpi(REAL_MPI_PROGRAM);
  ASSERT_TRUE(mpi);
  EXPECT_EQ(mpi->family.name, REAL_MPI_FAMILY);
}

TEST(FindProgramMpi, NothingForAProgramWithoutMpiOrAFileThatIsNoProgram) {
  EXPECT_FALSE(find_program_mpi("/bin/sh"));
  EXPECT_FALSE(find_program_mpi(__FILE__));
  EXPECT_FALSE(find_program_mpi("/no/such/program"));
}

TEST(FindCommandMpi, LooksPastLaunchersTheirOptionsAndProgramsWithoutMpi) {
  // `stat` is a program in PATH that links no MPI, as an option's value could be.
  const std::optional<ProgramMpi> mpi =
      find_command_mpi({"env", "A=1", "mpirun", "-np", "4", "--bind-to", "core", "stat", FAKE_MPICH_PROGRAM, "-x"});
  ASSERT_TRUE(mpi);
  EXPECT_EQ(mpi->program, FAKE_MPICH_PROGRAM);
  EXPECT_FALSE(find_command_mpi({"mpirun", "-np", "4", "hostname"}));
}

TEST(FindCommandMpi, LooksIntoTheScriptOfAShell) {
  const std::optional<ProgramMpi> mpi =
      find_command_mpi({"bash", "-c", std::string("mpirun  -np 4\t") + FAKE_MPICH_PROGRAM + " -x"});
  ASSERT_TRUE(mpi);
  EXPECT_EQ(mpi->program, FAKE_MPICH_PROGRAM);
  EXPECT_EQ(mpi->family.name, "mpich");
  EXPECT_FALSE(find_command_mpi({"bash", "-c", "mpirun -np 4 hostname"}));
}

TEST(FindCommandMpi, LooksIntoAnOptionsValueAndTakesTheScriptsQuotesOff) {
  // sbatch --wrap='srun ./app' as the shell hands it over, and as `bash -c` keeps its quotes.
  const std::optional<ProgramMpi> wrapped =
      find_command_mpi({"sbatch", "--wait", std::string("--wrap=srun -n 4 ") + FAKE_MPICH_PROGRAM});
  ASSERT_TRUE(wrapped);
  EXPECT_EQ(wrapped->program, FAKE_MPICH_PROGRAM);
  const std::optional<ProgramMpi> quoted =
      find_command_mpi({"bash", "-c", std::string("sbatch --wait --wrap 'srun ") + FAKE_SOLVER_PROGRAM + "'"});
  ASSERT_TRUE(quoted);
  EXPECT_EQ(quoted->program, FAKE_SOLVER_PROGRAM);
  EXPECT_EQ(quoted->family.name, "openmpi");
}

/// A script file in a fresh folder, removed with it.
class ScriptFile : public ::testing::Test {
protected:
  void SetUp() override {
    folder = fs::temp_directory_path() / ("tally_script_" + std::to_string(::getpid()));
    fs::create_directories(folder);
  }
  void TearDown() override { fs::remove_all(folder); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(folder / name) << text;
    return folder / name;
  }
  fs::path folder;
};

TEST_F(ScriptFile, LooksIntoAScriptFileAndTheScriptsItRuns) {
  const fs::path job = write("job.sh", std::string("#!/bin/bash\n#SBATCH -n 4\nsrun '") + FAKE_MPICH_PROGRAM +
                                           "' \"$@\" # not " + FAKE_SOLVER_PROGRAM + "\n");
  const fs::path run =
      write("run.sh", "#!/bin/sh\n# " + std::string(FAKE_SOLVER_PROGRAM) + "\nsbatch --wait " + job.string() + "\n");
  const std::optional<ProgramMpi> mpi = find_command_mpi({run.string()});
  ASSERT_TRUE(mpi);
  EXPECT_EQ(mpi->program, FAKE_MPICH_PROGRAM);
  EXPECT_EQ(mpi->family.name, "mpich");
}

TEST_F(ScriptFile, AFileWithoutItsFirstLineOrAScriptThatRunsItselfNamesNoMpi) {
  const fs::path data = write("data.txt", std::string(FAKE_MPICH_PROGRAM) + "\n");
  EXPECT_FALSE(find_command_mpi({data.string()}));
  const fs::path itself = write("again.sh", "#!/bin/sh\n" + (folder / "again.sh").string() + "\n");
  EXPECT_FALSE(find_command_mpi({itself.string()}));
}

TEST(FindStaticProgram, FindsAStaticallyLinkedProgramPastLaunchers) {
  EXPECT_EQ(find_static_program({"mpirun", "-np", "2", STATIC_PROGRAM}), STATIC_PROGRAM);
  EXPECT_EQ(find_static_program({"bash", "-c", std::string("srun '") + STATIC_PROGRAM + "'"}), STATIC_PROGRAM);
  EXPECT_EQ(find_static_program({"mpirun", "-np", "2", FAKE_MPICH_PROGRAM}), "");
  EXPECT_EQ(find_static_program({FAKE_SOLVER_LIBRARY}), ""); // a shared library has no interpreter either
}

/// A folder of (empty) preload libraries, as an installation's lib.
class Installation : public testing::Test {
protected:
  void SetUp() override {
    folder = fs::temp_directory_path() / ("tally_preload_choice_" + std::to_string(getpid()));
    fs::create_directories(folder);
  }
  void TearDown() override { fs::remove_all(folder); }
  void add(const std::string& name) { std::ofstream(folder / name) << ""; }
  fs::path folder;
};

TEST_F(Installation, PicksTheLibraryOfTheProgramsFamily) {
  add("libtally.so");
  add("libtally-openmpi.so");
  add("libtally-mpich.so");
  EXPECT_EQ(choose_preload({"mpiexec.mpich", "-n", "4", FAKE_MPICH_PROGRAM}, folder / "libtally.so").library,
            (folder / "libtally-mpich.so").string());
  EXPECT_EQ(choose_preload({FAKE_SOLVER_PROGRAM}, folder / "libtally.so").library,
            (folder / "libtally-openmpi.so").string());
}

TEST_F(Installation, AProgramWithoutMpiGetsLibtally) {
  add("libtally.so");
  add("libtally-mpich.so");
  EXPECT_EQ(choose_preload({"/bin/sh", "-c", "true"}, folder / "libtally.so").library,
            (folder / "libtally.so").string());
}

TEST_F(Installation, AStaticallyLinkedProgramGetsLibtallyAndANoteThatItIsNotMeasured) {
  add("libtally.so");
  const PreloadChoice choice = choose_preload({"mpirun", "-np", "2", STATIC_PROGRAM}, folder / "libtally.so");
  EXPECT_EQ(choice.library, (folder / "libtally.so").string());
  EXPECT_EQ(choice.note, std::string(STATIC_PROGRAM) + " is statically linked: no preloaded library reaches it, so "
                                                       "it is not measured; link it dynamically");
  EXPECT_EQ(choose_preload({"/bin/sh", "-c", "true"}, folder / "libtally.so").note, "");
}

TEST_F(Installation, AnMpiThatConfigureCouldNotNameServesEveryFamily) {
  add("libtally.so");
  add("libtally-other.so");
  EXPECT_EQ(choose_preload({FAKE_MPICH_PROGRAM}, folder / "libtally.so").library,
            (folder / "libtally-other.so").string());
}

TEST_F(Installation, AFamilyWithoutALibraryIsAProblemThatSaysHowToBuildIt) {
  add("libtally.so");
  add("libtally-openmpi.so");
  const PreloadChoice choice = choose_preload({"mpiexec.mpich", FAKE_MPICH_PROGRAM}, folder / "libtally.so");
  EXPECT_EQ(choice.library, "");
  EXPECT_EQ(choice.problem, std::string(FAKE_MPICH_PROGRAM) +
                                " links libmpich.so.12 (MPICH family) but this installation has only "
                                "libtally-openmpi.so; rebuild tally with -DTALLY_MPI_FAMILIES=\"openmpi;mpich\", or "
                                "set TALLY_LIBRARY to a libtally built for it");
}

TEST_F(Installation, TheProblemNamesTheLibraryThroughWhichMpiComes) {
  add("libtally.so");
  add("libtally-nompi.so");
  const PreloadChoice choice = choose_preload({FAKE_SOLVER_PROGRAM}, folder / "libtally.so");
  EXPECT_EQ(choice.problem, std::string(FAKE_SOLVER_PROGRAM) + " links libmpi.so.40 (Open MPI) through " +
                                fs::path(FAKE_SOLVER_LIBRARY).filename().string() +
                                " but this installation has only libtally-nompi.so; rebuild tally with "
                                "-DTALLY_MPI_FAMILIES=\"openmpi\", or set TALLY_LIBRARY to a libtally built for it");
}

} // namespace
} // namespace tally::cli
