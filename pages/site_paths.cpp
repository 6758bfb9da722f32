// SPDX-License-Identifier: BSD-3-Clause
// Slugs for the site's paths.
#include "pages/site_paths.hpp"

#include "tally/model/file_names.hpp"

#include <cstdint>
#include <cstdio>

namespace tally::pages {
namespace {

/// FNV-1a: a stable hash, the same on every machine and run.
std::uint32_t stable_hash(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return hash;
}

} // namespace

std::string path_slug(std::string_view name) {
  std::string slug = model::file_name_part(name, "x");
  if (slug.front() == '.') slug = "x" + slug; // never "." or "..": a name cannot leave its folder
  if (slug.size() > 80) slug.resize(80);
  if (slug != name) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "-%08x", stable_hash(name));
    slug += suffix;
  }
  return slug;
}

} // namespace tally::pages
