// SPDX-License-Identifier: BSD-3-Clause
// The MPI of a program from its ELF dynamic sections, without running it (no ldd).
#include "cli/program_mpi.hpp"

#include "cli/command_words.hpp"
#include "cli/elf_dynamic.hpp"

#include "tally/model/launchers.hpp"

#include <deque>
#include <fstream>
#include <set>
#include <utility>

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

/// The words of a script file (`#!` on its first line), its comment lines left out, or nothing for
/// a file that is no script. Read, never run: its variables stay unexpanded. Scripts that start jobs
/// are short; a larger file is taken for data.
std::optional<std::vector<std::string>> script_file_words(const fs::path& file) {
  constexpr std::uintmax_t largest_script_bytes = 64 * 1024;
  std::error_code error;
  if (fs::file_size(file, error) > largest_script_bytes || error) return std::nullopt;
  std::ifstream in(file);
  std::string line;
  if (!std::getline(in, line) || !line.starts_with("#!")) return std::nullopt;
  std::vector<std::string> words;
  while (std::getline(in, line)) {
    for (std::string& word : script_words(line)) {
      if (word.starts_with('#')) break;
      words.push_back(std::move(word));
    }
  }
  return words;
}

/// How deep scripts that run scripts are followed: a script that names itself ends there.
constexpr int deepest_script = 4;

/// The first `look(file)` that finds something, over the files that the words of a command name,
/// in order (find_command_mpi says which words), and the words of the scripts they name.
template <typename Look>
auto first_program_file(const std::vector<std::string>& command, const Look& look, int script_depth = 0)
    -> decltype(look(fs::path())) {
  for (const std::string& given : command) {
    std::string word = given;
    // An option's value may be a program or a script: `--wrap=srun ./app`.
    if (!word.empty() && word.front() == '-')
      word = word.find('=') == std::string::npos ? "" : word.substr(word.find('=') + 1);
    if (word.empty()) continue;
    if (word.find_first_of(" \t\n") != std::string::npos) {
      if (auto found = first_program_file(script_words(word), look, script_depth)) return found;
      continue;
    }
    const fs::path file = program_file(word);
    if (file.empty() || model::is_launcher(file.filename().string())) continue;
    if (auto found = look(file)) return found;
    if (script_depth == deepest_script) continue;
    if (const auto words = script_file_words(file)) {
      if (auto found = first_program_file(*words, look, script_depth + 1)) return found;
    }
  }
  return std::nullopt;
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
  return first_program_file(command, find_program_mpi);
}

fs::path find_static_program(const std::vector<std::string>& command) {
  return first_program_file(command,
                            [](const fs::path& file) -> std::optional<fs::path> {
                              const std::optional<ElfDynamic> dynamic = read_elf_dynamic(file);
                              return dynamic && dynamic->statically_linked ? std::optional(file) : std::nullopt;
                            })
      .value_or(fs::path());
}

} // namespace tally::cli
