// SPDX-License-Identifier: BSD-3-Clause
// The ELF dynamic section read from the file (no ldd, which would run the program's loader), and
// the loader's search order for a needed library.
#include "cli/elf_dynamic.hpp"

#include "cli/split_list.hpp"

#include <bit>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <glob.h>
#include <link.h>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

template <typename T> bool read_at(std::ifstream& in, std::uint64_t offset, T& out) {
  in.seekg(static_cast<std::streamoff>(offset));
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&out), sizeof out));
}

/// "a:$ORIGIN/../lib" of `file` -> {"a", "<folder of the file>/../lib"}; ${ORIGIN} too.
std::vector<std::string> search_folders(const std::string& list, const fs::path& file) {
  std::error_code error;
  const std::string origin = fs::weakly_canonical(file, error).parent_path().string();
  std::vector<std::string> folders = split_list(list, ':');
  for (std::string& folder : folders) {
    for (const std::string_view token : {"${ORIGIN}", "$ORIGIN"}) {
      for (std::size_t at = folder.find(token); at != std::string::npos; at = folder.find(token))
        folder.replace(at, token.size(), origin);
    }
  }
  return folders;
}

/// ElfW(Ehdr) and the others are this machine's class: a file of the other class is not ours to load.
std::optional<ElfDynamic> read_dynamic(std::ifstream& in, const fs::path& file) {
  ElfW(Ehdr) header{};
  if (!read_at(in, 0, header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) return std::nullopt;
  const unsigned char own_data = std::endian::native == std::endian::little ? ELFDATA2LSB : ELFDATA2MSB;
  const unsigned char own_class = sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32;
  if (header.e_ident[EI_CLASS] != own_class || header.e_ident[EI_DATA] != own_data) return std::nullopt;
  if (header.e_phentsize != sizeof(ElfW(Phdr))) return std::nullopt;

  std::vector<ElfW(Phdr)> segments(header.e_phnum);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (!read_at(in, header.e_phoff + i * sizeof(ElfW(Phdr)), segments[i])) return std::nullopt;
  }
  ElfDynamic out;
  const ElfW(Phdr)* dynamic = nullptr;
  bool interpreter = false;
  for (const ElfW(Phdr) & segment : segments) {
    if (segment.p_type == PT_DYNAMIC) dynamic = &segment;
    if (segment.p_type == PT_INTERP) interpreter = true;
  }
  // A shared library has no interpreter either; a static PIE says it is a program (DF_1_PIE, below).
  out.statically_linked = !interpreter && header.e_type == ET_EXEC;
  if (!dynamic) return out;

  // The dynamic entries name strings by offset into the string table, which they give by address.
  std::vector<ElfW(Dyn)> entries;
  for (std::uint64_t at = 0; at + sizeof(ElfW(Dyn)) <= dynamic->p_filesz; at += sizeof(ElfW(Dyn))) {
    ElfW(Dyn) entry{};
    if (!read_at(in, dynamic->p_offset + at, entry) || entry.d_tag == DT_NULL) break;
    entries.push_back(entry);
  }
  std::uint64_t table_address = 0, table_size = 0;
  for (const ElfW(Dyn) & entry : entries) {
    if (entry.d_tag == DT_STRTAB) table_address = entry.d_un.d_ptr;
    if (entry.d_tag == DT_STRSZ) table_size = entry.d_un.d_val;
    if (entry.d_tag == DT_FLAGS_1 && (entry.d_un.d_val & DF_1_PIE) != 0) out.statically_linked = !interpreter;
  }
  std::optional<std::uint64_t> table_offset;
  for (const ElfW(Phdr) & segment : segments) {
    if (segment.p_type == PT_LOAD && table_address >= segment.p_vaddr &&
        table_address + table_size <= segment.p_vaddr + segment.p_filesz)
      table_offset = segment.p_offset + (table_address - segment.p_vaddr);
  }
  if (!table_offset) return std::nullopt;
  std::string table(table_size, '\0');
  in.seekg(static_cast<std::streamoff>(*table_offset));
  if (!in.read(table.data(), static_cast<std::streamsize>(table.size()))) return std::nullopt;

  for (const ElfW(Dyn) & entry : entries) {
    if (entry.d_tag != DT_NEEDED && entry.d_tag != DT_RPATH && entry.d_tag != DT_RUNPATH) continue;
    if (entry.d_un.d_val >= table.size()) return std::nullopt;
    const std::string text = table.c_str() + entry.d_un.d_val;
    if (entry.d_tag == DT_NEEDED) out.needed.push_back(text);
    if (entry.d_tag == DT_RPATH) out.rpath = search_folders(text, file);
    if (entry.d_tag == DT_RUNPATH) out.runpath = search_folders(text, file);
  }
  return out;
}

/// The folders of an ld.so.conf file and of the files it includes (glob patterns).
void add_conf_folders(const std::string& conf, std::vector<std::string>& folders, int depth) {
  std::ifstream in(conf);
  for (std::string line; depth < 8 && std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    line = line.substr(first, line.find_last_not_of(" \t") - first + 1);
    if (line.rfind("include", 0) == 0 && line.size() > 7 && (line[7] == ' ' || line[7] == '\t')) {
      std::string pattern = line.substr(line.find_first_not_of(" \t", 7));
      if (pattern.front() != '/') pattern = fs::path(conf).parent_path() / pattern;
      glob_t matches{};
      if (glob(pattern.c_str(), 0, nullptr, &matches) == 0) {
        for (std::size_t i = 0; i < matches.gl_pathc; ++i)
          add_conf_folders(matches.gl_pathv[i], folders, depth + 1);
      }
      globfree(&matches);
    } else {
      folders.push_back(line);
    }
  }
}

const std::vector<std::string>& system_folders() {
  static const std::vector<std::string> folders = [] {
    std::vector<std::string> out;
    add_conf_folders("/etc/ld.so.conf", out, 0);
    for (const char* folder : {"/lib64", "/usr/lib64", "/lib", "/usr/lib"})
      out.emplace_back(folder);
    return out;
  }();
  return folders;
}

} // namespace

std::optional<ElfDynamic> read_elf_dynamic(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  return read_dynamic(in, file);
}

fs::path find_needed_library(const std::string& name, const ElfDynamic& dynamic,
                             const std::vector<std::string>& program_rpath) {
  if (name.find('/') != std::string::npos) return name;
  std::vector<std::string> folders;
  if (dynamic.runpath.empty()) {
    folders = dynamic.rpath;
    folders.insert(folders.end(), program_rpath.begin(), program_rpath.end());
  }
  if (const char* library_path = std::getenv("LD_LIBRARY_PATH"); library_path && *library_path) {
    const std::vector<std::string> from_environment = split_list(library_path, ':');
    folders.insert(folders.end(), from_environment.begin(), from_environment.end());
  }
  folders.insert(folders.end(), dynamic.runpath.begin(), dynamic.runpath.end());
  folders.insert(folders.end(), system_folders().begin(), system_folders().end());
  std::error_code error;
  for (const std::string& folder : folders) {
    const fs::path candidate = fs::path(folder) / name;
    if (fs::is_regular_file(candidate, error) && read_elf_dynamic(candidate)) return candidate;
  }
  return {};
}

} // namespace tally::cli
