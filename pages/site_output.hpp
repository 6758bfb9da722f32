// Writing the site's files: each file replaced atomically (temporary file, then rename), so a
// failed or interrupted build never leaves a half-written page over a good one.
#pragma once

#include <filesystem>
#include <string>

namespace tally::pages {

/// Writes `content` to `path`, creating folders. Throws std::runtime_error naming the path.
void write_site_file(const std::filesystem::path& path, const std::string& content);

/// The text of a file. Throws std::runtime_error naming the path.
std::string read_text_file(const std::filesystem::path& path);

} // namespace tally::pages
