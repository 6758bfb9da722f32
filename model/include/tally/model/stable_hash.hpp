// SPDX-License-Identifier: BSD-3-Clause
// The one stable hash of tally (FNV-1a): the same on every machine and run, for names and ids
// derived from content (site paths, imported documents).
#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

namespace tally::model {

/// FNV-1a in 32 or 64 bits continued over `text` from `hash`, the hash of the bytes before it:
/// a text hashed in pieces hashes as the whole.
template <class Hash> constexpr Hash fnv1a_continue(Hash hash, std::string_view text) {
  static_assert(std::is_same_v<Hash, std::uint32_t> || std::is_same_v<Hash, std::uint64_t>);
  constexpr Hash prime =
      std::is_same_v<Hash, std::uint64_t> ? static_cast<Hash>(1099511628211ull) : static_cast<Hash>(16777619u);
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= prime;
  }
  return hash;
}

/// FNV-1a of `text` in 32 or 64 bits, with the offset basis and prime of that width.
template <class Hash> constexpr Hash fnv1a(std::string_view text) {
  constexpr bool wide = std::is_same_v<Hash, std::uint64_t>;
  return fnv1a_continue(wide ? static_cast<Hash>(14695981039346656037ull) : static_cast<Hash>(2166136261u), text);
}

} // namespace tally::model
