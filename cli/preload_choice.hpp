// SPDX-License-Identifier: BSD-3-Clause
// Which preload library `tally run` uses: the one built for the MPI family of the command's program
// (libtally-<family>.so), libtally.so for a program without MPI, TALLY_LIBRARY if set.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tally::cli {

/// The preload library to use, or the problem that leaves none.
struct PreloadChoice {
  std::string library;
  std::string problem; ///< one sentence, when `library` is empty
  std::string note;    ///< one sentence to say before the run, if any: a program the library cannot reach
};

/// For `command`, with the preload libraries in the folder of `default_library` (libtally.so): the
/// library of the program's MPI family; where that family has none, libtally-other.so (built for an
/// MPI that configure could not name, trusted to be the program's), else a problem naming the
/// libraries there are and how to build the missing one. A command whose programs link no MPI gets
/// `default_library`, and a note when one of them is statically linked.
PreloadChoice choose_preload(const std::vector<std::string>& command, const std::filesystem::path& default_library);

/// What `tally run` preloads for `command`: TALLY_LIBRARY if set, else the choice among the
/// libraries next to this tally (installed: ../lib) or in its build tree.
PreloadChoice preload_for_command(const std::vector<std::string>& command);

} // namespace tally::cli
