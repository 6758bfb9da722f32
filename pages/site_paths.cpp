// SPDX-License-Identifier: BSD-3-Clause
// Slugs for the site's paths.
#include "pages/site_paths.hpp"

#include "tally/model/file_names.hpp"
#include "tally/model/stable_hash.hpp"

#include <cstdint>
#include <cstdio>

namespace tally::pages {

std::string path_slug(std::string_view name) {
  std::string slug = model::file_name_part(name, "x");
  if (slug.front() == '.') slug = "x" + slug; // never "." or "..": a name cannot leave its folder
  if (slug.size() > 80) slug.resize(80);
  if (slug != name) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "-%08x", model::fnv1a<std::uint32_t>(name));
    slug += suffix;
  }
  return slug;
}

} // namespace tally::pages
