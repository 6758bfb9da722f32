// SPDX-License-Identifier: BSD-3-Clause
// The git command line behind the scratch repositories of the history tests.
#include "scratch_repository.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <sys/wait.h>

namespace tally::analysis::history::scratch {
namespace fs = std::filesystem;

namespace {

// One shell word, whatever `text` holds.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

ScratchFolder::ScratchFolder() {
  std::string pattern = (fs::temp_directory_path() / "tally-history-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  path_ = pattern;
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::string run_git(const fs::path& folder, const std::string& arguments, const std::string& date) {
  // Neither the user's nor the system's configuration (signing, hooks, default branch) may change
  // what the tests build; dates are fixed so that times can be checked exactly.
  std::string command = "cd " + quoted(folder.string()) + " && GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null";
  if (!date.empty()) command += " GIT_AUTHOR_DATE=" + quoted(date) + " GIT_COMMITTER_DATE=" + quoted(date);
  command += " " + quoted(TALLY_GIT) + " " + arguments;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run: " + command);
  std::string output;
  std::array<char, 4096> buffer;
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
    output.append(buffer.data(), got);
  const int status = pclose(pipe);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("failed (its messages are above): " + command);
  }
  if (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

ScratchRepository::ScratchRepository(fs::path folder) : folder_(std::move(folder)) {
  fs::create_directories(folder_);
  git("init --quiet --initial-branch=main");
  git("config user.name 'Ada Lovelace'");
  git("config user.email ada@example.org");
}

ScratchRepository::ScratchRepository(fs::path folder, const std::string& clone_arguments) : folder_(std::move(folder)) {
  run_git(folder_.parent_path(), "clone --quiet " + clone_arguments + " " + quoted(folder_.string()));
  git("config user.name 'Ada Lovelace'");
  git("config user.email ada@example.org");
}

std::string ScratchRepository::commit(const std::string& message, const std::string& date, const std::string& author,
                                      const std::string& encoding) {
  // Through a file, so that any byte reaches the commit object unchanged by the shell.
  const fs::path message_file = folder_.parent_path() / (folder_.filename().string() + ".message");
  std::ofstream(message_file, std::ios::binary) << message;
  const std::string options = encoding.empty() ? "" : " -c i18n.commitEncoding=" + encoding;
  git(options + " -c user.name=" + quoted(author) + " commit --quiet --allow-empty --cleanup=verbatim -F " +
          quoted(message_file.string()),
      date);
  fs::remove(message_file);
  return git("rev-parse HEAD");
}

} // namespace tally::analysis::history::scratch
