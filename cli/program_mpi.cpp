// SPDX-License-Identifier: BSD-3-Clause
// The MPI of a program from its ELF dynamic sections, without running it (no ldd).
#include "cli/program_mpi.hpp"

#include "cli/elf_dynamic.hpp"
#include "cli/split_list.hpp"

#include "tally/model/launchers.hpp"

#include <cstdlib>
#include <deque>
#include <iterator>
#include <set>
#include <sstream>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

constexpr MpiFamily openmpi{"openmpi", "Open MPI"};
constexpr MpiFamily mpich{"mpich", "MPICH family"};

bool starts_with_version(std::string_view soname, std::string_view stem, std::string_view version) {
  if (!soname.starts_with(stem)) return false;
  soname.remove_prefix(stem.size());
  return soname == version || soname.starts_with(std::string(version) + ".");
}

/// A command word as execvp finds it: a path, or a name in PATH; empty when it names no file.
fs::path resolve_word(const std::string& word) {
  std::error_code error;
  if (word.find('/') != std::string::npos) return fs::is_regular_file(word, error) ? fs::path(word) : fs::path();
  const char* path = std::getenv("PATH");
  for (const std::string& folder : split_list(path ? path : "", ':')) {
    if (const fs::path candidate = fs::path(folder) / word; fs::is_regular_file(candidate, error)) return candidate;
  }
  return {};
}

} // namespace

std::optional<MpiFamily> mpi_family_of(std::string_view soname) {
  if (soname.starts_with("libmpich.so") || soname.starts_with("libmpi_cray.so")) return mpich;
  if (starts_with_version(soname, "libmpi.so.", "12")) return mpich;
  if (soname.starts_with("libmpi.so.")) return openmpi;
  return std::nullopt;
}

std::optional<ProgramMpi> find_program_mpi(const fs::path& program) {
  const std::optional<ElfDynamic> top = read_elf_dynamic(program);
  if (!top) return std::nullopt;
  // Breadth first: the program's own libraries before those they bring.
  struct Pending {
    std::string name;
    ElfDynamic dynamic; ///< of the file that needs it
    std::string needed_by;
  };
  std::deque<Pending> pending;
  for (const std::string& name : top->needed)
    pending.push_back({name, *top, ""});
  std::set<std::string> seen;
  while (!pending.empty()) {
    Pending next = std::move(pending.front());
    pending.pop_front();
    if (!seen.insert(next.name).second) continue;
    if (const std::optional<MpiFamily> family = mpi_family_of(fs::path(next.name).filename().string()))
      return ProgramMpi{program, next.name, next.needed_by, *family};
    const fs::path file = find_needed_library(next.name, next.dynamic, top->rpath);
    if (file.empty()) continue;
    const std::optional<ElfDynamic> dynamic = read_elf_dynamic(file);
    if (!dynamic) continue;
    for (const std::string& name : dynamic->needed)
      pending.push_back({name, *dynamic, next.name});
  }
  return std::nullopt;
}

std::optional<ProgramMpi> find_command_mpi(const std::vector<std::string>& command) {
  for (const std::string& word : command) {
    if (word.empty() || word.front() == '-') continue;
    // A shell's script (`bash -c "mpirun -np 4 ./app"`, as CI studies run theirs): its words.
    if (word.find_first_of(" \t\n") != std::string::npos) {
      std::istringstream script(word);
      const std::vector<std::string> words{std::istream_iterator<std::string>(script), {}};
      if (std::optional<ProgramMpi> mpi = find_command_mpi(words)) return mpi;
      continue;
    }
    const fs::path file = resolve_word(word);
    if (file.empty() || model::is_launcher(file.filename().string())) continue;
    if (std::optional<ProgramMpi> mpi = find_program_mpi(file)) return mpi;
  }
  return std::nullopt;
}

} // namespace tally::cli
