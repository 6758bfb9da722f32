// SPDX-License-Identifier: BSD-3-Clause
// A DLB TALP document as the importer reads it, filled by one streaming (SAX) parse of the file's
// text without building its tree: the top-level strings, the records of each section, and the node
// of each process id. What stood where the importer expects an object or an array is kept as its
// type, so that the importer's messages name it as they would in a parsed tree.
#pragma once

#include "analysis/ingest/talp/talp_record.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tally::analysis::ingest::talp {

/// A value where the importer expects an object of scalars.
struct Element {
  nlohmann::json kind; ///< an empty object when it was an object (then `record` holds it), else what stood there
  Record record;
};

/// A value where the importer expects an array of objects.
struct ElementList {
  nlohmann::json kind; ///< an empty array when it was an array, else what stood there
  std::vector<Element> elements;
};

/// A value where the importer expects an object of objects named by their keys (the regions of
/// `Application`), ordered by name as nlohmann/json orders an object's members.
struct ElementMap {
  nlohmann::json kind; ///< an empty object when it was an object, else what stood there
  std::map<std::string, Element, std::less<>> members;
};

/// `Process` (DLB 3.5 and later): the per-process records of each region, by region name.
struct ProcessMap {
  nlohmann::json kind; ///< an empty object when it was an object, else what stood there
  std::map<std::string, ElementList, std::less<>> regions;
};

/// An element of the `region` array (DLB 3.4, development builds of 3.5): its members (`name`) and
/// its `process` records when it has that member.
struct RegionElement {
  Element element;
  std::optional<ElementList> process;
};

/// Node of each process id, from the `node` summary of DLB 3.4 and 3.5 (whose per-process records
/// of 3.4 carry no node).
using NodeOfPid = std::map<std::uint64_t, std::uint64_t>;

/// What the importer reads of a TALP document; a section is nullopt when the document lacks it.
struct TalpDocument {
  Record top; ///< dlbVersion, timestamp
  std::optional<Element> metadata;
  std::optional<Element> resources;
  std::optional<ElementMap> application;
  std::optional<ElementMap> pop_metrics; ///< `Application` of development builds of DLB 3.5
  std::optional<ElementList> pop_raw;    ///< DLB 3.4
  std::optional<ProcessMap> process;
  std::vector<RegionElement> regions; ///< `region`, empty unless it is an array
  NodeOfPid node_of_pid;              ///< from `node`; anything unexpected in it is skipped
  std::uint64_t bytes_hash = 0;       ///< FNV-1a (64 bits) of the text's bytes, taken as the parse read them
};

/// `text` is no object with a top-level `dlbVersion` member (the parse stops at a first value that
/// is no object, so such a text may also be invalid JSON).
struct NotTalp {};
/// `text` is not valid JSON, or nested deeper than model::max_json_nesting.
struct InvalidJson {};

/// One streaming parse of `text`, which also hashes its bytes (TalpDocument::bytes_hash).
std::variant<TalpDocument, NotTalp, InvalidJson> read_talp_document(std::string_view text);

} // namespace tally::analysis::ingest::talp
