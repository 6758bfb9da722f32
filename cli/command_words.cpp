// SPDX-License-Identifier: BSD-3-Clause
// Command words as `tally run` reads them.
#include "cli/command_words.hpp"

#include "cli/split_list.hpp"

#include <cstdlib>
#include <iterator>
#include <sstream>

namespace tally::cli {

namespace fs = std::filesystem;

fs::path program_file(const std::string& word) {
  std::error_code error;
  if (word.find('/') != std::string::npos) return fs::is_regular_file(word, error) ? fs::path(word) : fs::path();
  const char* path = std::getenv("PATH");
  for (const std::string& folder : split_list(path ? path : "", ':')) {
    if (const fs::path candidate = fs::path(folder) / word; fs::is_regular_file(candidate, error)) return candidate;
  }
  return {};
}

std::vector<std::string> script_words(const std::string& script) {
  std::istringstream text(script);
  std::vector<std::string> words;
  for (auto it = std::istream_iterator<std::string>(text); it != std::istream_iterator<std::string>(); ++it) {
    std::string word = *it;
    while (!word.empty() && (word.front() == '\'' || word.front() == '"'))
      word.erase(0, 1);
    while (!word.empty() && (word.back() == '\'' || word.back() == '"'))
      word.pop_back();
    words.push_back(word);
  }
  return words;
}

} // namespace tally::cli
