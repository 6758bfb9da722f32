// SPDX-License-Identifier: BSD-3-Clause
// Writing and reading the site's files.
#include "pages/site_output.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tally::pages {

void write_site_file(const std::filesystem::path& path, const std::string& content,
                     const model::FileSystemCalls& calls) {
  // Fast: the site is rebuilt from the run documents, and an fsync per page would dominate the
  // build of a site with thousands of pages.
  const model::WrittenFile written =
      model::write_file_atomically(path.string(), content, model::Existing::replace, model::Sync::fast, calls);
  if (!written.error.empty()) throw std::runtime_error(written.error);
}

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot read");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace tally::pages
