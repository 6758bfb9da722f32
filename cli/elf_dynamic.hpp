// SPDX-License-Identifier: BSD-3-Clause
// What an ELF program or shared library asks of the dynamic loader: the libraries it needs and
// where to look for them; and where the loader finds a library of a given name.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tally::cli {

/// The dynamic section of one ELF file, for the machine we run on (its class and byte order).
struct ElfDynamic {
  std::vector<std::string> needed;  ///< DT_NEEDED, in order: "libmpi.so.40"
  std::vector<std::string> rpath;   ///< DT_RPATH folders, $ORIGIN replaced
  std::vector<std::string> runpath; ///< DT_RUNPATH folders, $ORIGIN replaced
  /// A program that no dynamic loader starts (no PT_INTERP; static PIE too): nothing preloaded reaches it.
  bool statically_linked = false;
};

/// The dynamic section of `file`; nullopt when it is not a readable ELF file of this machine's class
/// and byte order. A static program has an empty one.
std::optional<ElfDynamic> read_elf_dynamic(const std::filesystem::path& file);

/// Where the dynamic loader finds `name` needed by `object` (whose own folders are `dynamic`) in a
/// program whose RPATH is `program_rpath`: the object's RPATH (unless it has a RUNPATH) and the
/// program's, LD_LIBRARY_PATH, its RUNPATH, the folders of /etc/ld.so.conf, then the default ones.
/// ld.so.cache is not read: the folders it indexes are those of ld.so.conf. Empty when not found.
std::filesystem::path find_needed_library(const std::string& name, const ElfDynamic& dynamic,
                                          const std::vector<std::string>& program_rpath);

} // namespace tally::cli
