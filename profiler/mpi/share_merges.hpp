// SPDX-License-Identifier: BSD-3-Clause
// What the end of run merges up the tree (tree_merge.hpp), as bytes: sets of names and sums by
// key. Plain C++ (no mpi.h), so that tests play the tree.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tally::profiler::mpi {

/// A set of strings (without NUL) as one buffer, in order, each behind its NUL.
std::string pack_names(const std::set<std::string>& names);
std::set<std::string> unpack_names(const std::string& packed);
/// The union of two packed sets, packed.
std::string merge_names(const std::string& lower, const std::string& higher);

/// Sums by (first, second) key: the time of each (region, parent) pair.
using KeyedSums = std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t>;
std::string pack_keyed_sums(const KeyedSums& sums);
KeyedSums unpack_keyed_sums(const std::string& packed);
/// Both sets of sums, a key in both summed, packed.
std::string merge_keyed_sums(const std::string& lower, const std::string& higher);

/// Fixed-size integers as bytes and back, for the tree's messages.
std::string pack_integers(const std::vector<std::uint64_t>& values);
std::vector<std::uint64_t> unpack_integers(const std::string& packed);

} // namespace tally::profiler::mpi
