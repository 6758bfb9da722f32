// Atomic replacement of site files.
#include "pages/site_output.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace tally::pages {

void write_site_file(const std::filesystem::path& path, const std::string& content) {
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  if (error) throw std::runtime_error(path.parent_path().string() + ": cannot create folder: " + error.message());
  const std::filesystem::path temporary = path.string() + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      const std::string reason = std::strerror(errno);
      std::filesystem::remove(temporary, error);
      throw std::runtime_error(path.string() + ": cannot write: " + reason);
    }
  }
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw std::runtime_error(path.string() + ": cannot write: " + error.message());
  }
}

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot read");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace tally::pages
