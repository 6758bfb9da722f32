// SPDX-License-Identifier: BSD-3-Clause
// The words of a command as `tally run` reads them without running it: the file a word names, as
// execvp would find it, and the words of a shell's script without the quotes it gives them.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tally::cli {

/// The file a command word names, as execvp finds it: a path, or a name in PATH; empty when none.
std::filesystem::path program_file(const std::string& word);

/// The words of a shell's script (`bash -c "mpirun -np 4 ./app"`, `--wrap 'srun ./app'`), split at
/// white space, each without the quotes the script gives it (a quoted script keeps them).
std::vector<std::string> script_words(const std::string& script);

} // namespace tally::cli
