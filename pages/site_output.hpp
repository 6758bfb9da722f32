// SPDX-License-Identifier: BSD-3-Clause
// Writing the site's files through the model's atomic writer: each file replaced whole, so a
// failed or interrupted build never leaves a half-written page over a good one.
#pragma once

#include "tally/model/atomic_file.hpp"

#include <filesystem>
#include <string>

namespace tally::pages {

/// Writes `content` to `path`, creating folders. Throws std::runtime_error with the writer's
/// `path: cannot write: why`; the previous file at `path`, if any, is then unchanged.
void write_site_file(const std::filesystem::path& path, const std::string& content,
                     const model::FileSystemCalls& calls = model::system_file_calls());

/// The text of a file. Throws std::runtime_error naming the path.
std::string read_text_file(const std::filesystem::path& path);

} // namespace tally::pages
