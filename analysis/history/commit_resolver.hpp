// SPDX-License-Identifier: BSD-3-Clause
// The one rule for which commit an id names: a run document's commit, or a revision given to the
// gate without a repository. The site, the gate and prune all resolve ids here, so they agree.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tally::analysis::history {

/// Shortest id taken as an abbreviation: git's own minimum (`core.abbrev` cannot go lower), so any
/// abbreviation git accepts is accepted here too. Fewer digits would be ambiguous too often to be
/// useful (two commits of a 75-commit history likely share 3 digits; 4 digits, 300 commits), and
/// more (prune once asked for 7) would refuse ids git takes; a collision is reported, never guessed.
inline constexpr std::size_t minimum_id_digits = 4;

/// Longest id: a SHA-256 commit id (a SHA-1 id has 40 digits).
inline constexpr std::size_t maximum_id_digits = 64;

/// `id` in lower case when it can abbreviate a commit id (4 to 64 hexadecimal digits), else "".
std::string normalised_id(std::string_view id);

/// What an id names among the known commits.
struct Resolution {
  enum class Kind {
    named,     ///< exactly one commit
    unknown,   ///< none
    ambiguous, ///< several commits: an error, never a guess
  };
  Kind kind = Kind::unknown;
  std::vector<std::size_t>
      commits; ///< named: the commit; ambiguous: every candidate (indices into the known commits, ascending)
};

/// Resolves ids against a list of known commits: the full ids of a history, or the commits of an
/// axis built without git. The rule:
///  - an id of 4 to 64 hexadecimal digits names the known commits that, ignoring case, it is a
///    prefix of, or that are a prefix of it (an axis without git may know a commit by a short id
///    only); for the full ids of a git history that is simply "abbreviates the commit id";
///  - any other id (too short, not hexadecimal, empty) names only a known commit written exactly
///    like it: such ids cannot be in a git history, but documents without git may carry them;
///  - naming several commits is ambiguous, whichever one was meant. Unlike git, which looks at
///    every object of the repository, only the known commits count (a branch's history, say).
/// Known commits must be distinct; two that differ only in case count as one.
class CommitResolver {
public:
  explicit CommitResolver(const std::vector<std::string>& commits);

  /// The commits `id` names. O(log n) for a hexadecimal id, plus the number of commits it names.
  Resolution resolve(std::string_view id) const;

private:
  std::vector<std::pair<std::string, std::size_t>> hexadecimal_; // (normalised id, index), sorted
  std::vector<std::pair<std::string, std::size_t>> other_;       // (id as given, index), sorted
};

/// An id that names several commits, and the commits it could name.
struct AmbiguousId {
  std::string id;                      ///< as written
  std::vector<std::string> candidates; ///< the commits it names, sorted

  bool operator==(const AmbiguousId&) const = default;
};

/// One line for messages: `'abcd' names 2 commits: abcd0123456, abcd9876543`.
std::string describe(const AmbiguousId& ambiguous);

} // namespace tally::analysis::history
