// SPDX-License-Identifier: BSD-3-Clause
// The prefix search behind CommitResolver: sorted normalised ids make the commits an id abbreviates
// one contiguous range, and the commits that abbreviate it at most 60 exact lookups.
#include "analysis/history/commit_resolver.hpp"

#include <algorithm>
#include <cctype>

namespace tally::analysis::history {

std::string normalised_id(std::string_view id) {
  if (id.size() < minimum_id_digits || id.size() > maximum_id_digits) return "";
  std::string out;
  out.reserve(id.size());
  for (const char c : id) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return "";
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

CommitResolver::CommitResolver(const std::vector<std::string>& commits) {
  for (std::size_t i = 0; i < commits.size(); ++i) {
    std::string normalised = normalised_id(commits[i]);
    if (normalised.empty())
      other_.emplace_back(commits[i], i);
    else
      hexadecimal_.emplace_back(std::move(normalised), i);
  }
  std::sort(hexadecimal_.begin(), hexadecimal_.end());
  std::sort(other_.begin(), other_.end());
}

Resolution CommitResolver::resolve(std::string_view id) const {
  Resolution out;
  const std::string prefix = normalised_id(id);
  if (prefix.empty()) {
    const auto found = std::lower_bound(other_.begin(), other_.end(), std::make_pair(std::string(id), std::size_t{0}));
    if (found != other_.end() && found->first == id) {
      out.kind = Resolution::Kind::named;
      out.commits.push_back(found->second);
    }
    return out;
  }
  std::vector<const std::pair<std::string, std::size_t>*> named;
  // Known commits shorter than the id that it starts with: one exact lookup per shorter length.
  for (std::size_t length = minimum_id_digits; length < prefix.size(); ++length) {
    const std::string_view shorter = std::string_view(prefix).substr(0, length);
    const auto found = std::lower_bound(hexadecimal_.begin(), hexadecimal_.end(), shorter,
                                        [](const auto& entry, std::string_view key) { return entry.first < key; });
    for (auto it = found; it != hexadecimal_.end() && it->first == shorter; ++it)
      named.push_back(&*it);
  }
  // Known commits the id is a prefix of (itself included): one contiguous range.
  const auto first = std::lower_bound(hexadecimal_.begin(), hexadecimal_.end(), std::make_pair(prefix, std::size_t{0}));
  for (auto it = first; it != hexadecimal_.end() && it->first.starts_with(prefix); ++it)
    named.push_back(&*it);
  if (named.empty()) return out;

  for (const auto* entry : named)
    out.commits.push_back(entry->second);
  std::sort(out.commits.begin(), out.commits.end());
  // Ids equal but for case are one commit: the first given stands for it.
  const bool one_commit =
      std::all_of(named.begin(), named.end(), [&](const auto* entry) { return entry->first == named.front()->first; });
  if (one_commit) {
    out.kind = Resolution::Kind::named;
    out.commits.resize(1);
  } else {
    out.kind = Resolution::Kind::ambiguous;
  }
  return out;
}

std::string describe(const AmbiguousId& ambiguous) {
  std::string out = "'" + ambiguous.id + "' names " + std::to_string(ambiguous.candidates.size()) + " commits:";
  const char* separator = " ";
  for (const std::string& candidate : ambiguous.candidates) {
    // 12 digits tell any two commits of a real history apart, and keep the line short.
    out += separator + candidate.substr(0, 12);
    separator = ", ";
  }
  return out;
}

} // namespace tally::analysis::history
