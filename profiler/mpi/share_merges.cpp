// SPDX-License-Identifier: BSD-3-Clause
// The byte layouts of the tree's shares (share_merges.hpp) and their merges: each merge keeps one
// share's worth of memory, whatever the number of ranks behind the two shares.
#include "mpi/share_merges.hpp"

#include <cstring>

namespace tally::profiler::mpi {
namespace {

enum KeyedField : std::size_t { keyed_first, keyed_second, keyed_sum, keyed_field_count };

} // namespace

std::string pack_names(const std::set<std::string>& names) {
  std::string packed;
  for (const std::string& name : names)
    packed.append(name).push_back('\0');
  return packed;
}

std::set<std::string> unpack_names(const std::string& packed) {
  std::set<std::string> names;
  for (std::size_t begin = 0; begin < packed.size();) {
    const std::size_t end = packed.find('\0', begin);
    names.insert(packed.substr(begin, end - begin));
    begin = end + 1;
  }
  return names;
}

std::string merge_names(const std::string& lower, const std::string& higher) {
  std::set<std::string> names = unpack_names(lower);
  names.merge(unpack_names(higher));
  return pack_names(names);
}

std::string pack_keyed_sums(const KeyedSums& sums) {
  std::vector<std::uint64_t> values;
  values.reserve(sums.size() * keyed_field_count);
  for (const auto& [key, sum] : sums)
    values.insert(values.end(), {key.first, key.second, sum});
  return pack_integers(values);
}

KeyedSums unpack_keyed_sums(const std::string& packed) {
  const std::vector<std::uint64_t> values = unpack_integers(packed);
  KeyedSums sums;
  for (std::size_t at = 0; at + keyed_field_count <= values.size(); at += keyed_field_count)
    sums[{values[at + keyed_first], values[at + keyed_second]}] += values[at + keyed_sum];
  return sums;
}

std::string merge_keyed_sums(const std::string& lower, const std::string& higher) {
  KeyedSums sums = unpack_keyed_sums(lower);
  for (const auto& [key, sum] : unpack_keyed_sums(higher))
    sums[key] += sum;
  return pack_keyed_sums(sums);
}

std::string pack_integers(const std::vector<std::uint64_t>& values) {
  std::string packed(values.size() * sizeof(std::uint64_t), '\0');
  if (!values.empty()) std::memcpy(packed.data(), values.data(), packed.size());
  return packed;
}

std::vector<std::uint64_t> unpack_integers(const std::string& packed) {
  std::vector<std::uint64_t> values(packed.size() / sizeof(std::uint64_t));
  if (!values.empty()) std::memcpy(values.data(), packed.data(), values.size() * sizeof(std::uint64_t));
  return values;
}

} // namespace tally::profiler::mpi
