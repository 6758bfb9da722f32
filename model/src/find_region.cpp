// SPDX-License-Identifier: BSD-3-Clause
// Finding a region of a run by name through a per-thread index of the documents looked up, checked
// on every use, so that a document changed or freed since never gives a wrong answer.
#include "tally/model/run_document.hpp"

#include <cstddef>
#include <string>
#include <unordered_map>

namespace tally::model {
namespace {

/// A document's regions by name, valid while its region array is the one it was built from.
struct RegionIndex {
  const Region* regions = nullptr;
  std::size_t size = 0;
  std::unordered_map<std::string, std::size_t> by_name; // names copied: the index may outlive them
};

/// Documents indexed by this thread, by address; dropped whole when it grows past this many.
constexpr std::size_t max_indexed_documents = 4096;

const Region* linear_search(const RunDocument& document, std::string_view name) {
  for (const Region& region : document.regions) {
    if (region.name == name) return &region;
  }
  return nullptr;
}

} // namespace

const Region* find_region(const RunDocument& document, std::string_view name) {
  if (document.regions.size() < 16) return linear_search(document, name);
  thread_local std::unordered_map<const RunDocument*, RegionIndex> indexes;
  if (indexes.size() > max_indexed_documents) indexes.clear();
  RegionIndex& index = indexes[&document];
  if (index.regions != document.regions.data() || index.size != document.regions.size()) {
    index = RegionIndex{document.regions.data(), document.regions.size(), {}};
    for (std::size_t i = 0; i < document.regions.size(); ++i)
      index.by_name.emplace(document.regions[i].name, i);
  }
  // The index is a hint: a region renamed in place since it was built is found by the search.
  const auto found = index.by_name.find(std::string(name));
  if (found != index.by_name.end() && document.regions[found->second].name == name)
    return &document.regions[found->second];
  return linear_search(document, name);
}

} // namespace tally::model
