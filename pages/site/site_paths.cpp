// Slugs for the site's paths.
#include "site/site_paths.hpp"

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
  std::string slug;
  for (const char c : name) {
    const bool keep =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    slug += keep ? c : '-';
  }
  if (slug.empty() || slug.front() == '.') slug.insert(0, "x");
  if (slug.size() > 80) slug.resize(80);
  if (slug != name) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "-%08x", stable_hash(name));
    slug += suffix;
  }
  return slug;
}

} // namespace tally::pages
