// SPDX-License-Identifier: BSD-3-Clause
// The SAX handler behind read_talp_document: a stack of the places the parse is in (the whole
// document, a section, a record, something skipped) decides where each value goes. Records keep the
// members the importer reads; everything else is skipped as it streams by, and no tree is built.
#include "analysis/ingest/talp/talp_document.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/stable_hash.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>

namespace tally::analysis::ingest::talp {
namespace {

using Json = nlohmann::json;

/// Where the parse is: the kind of the innermost open object or array and what it fills.
struct Place {
  enum Kind {
    root,
    record,
    element_map,
    element_list,
    process_map,
    region_list,
    node_list,
    node,
    node_processes,
    node_process,
    skipped
  };
  Kind kind = skipped;
  Element* element = nullptr;      ///< record: the element it fills
  RegionElement* region = nullptr; ///< record of a `region` element: where its `process` records go
  ElementMap* map = nullptr;       ///< element_map
  ElementList* list = nullptr;     ///< element_list
  ProcessMap* processes = nullptr; ///< process_map
  std::uint64_t node_index = 0;    ///< node, node_processes, node_process: the node's index in `node`
  std::uint64_t elements_seen = 0; ///< node_list: the elements before the next one
};

/// Hands the parser the text's bytes and hashes each as the parser takes it (FNV-1a, the run id's
/// hash), so that the bytes are read once: a second pass over a document after its parse read it
/// from memory again (the documents outgrow the first-level cache), and its chain of
/// multiplications waited for nothing else.
class HashingIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  HashingIterator(const char* at, std::uint64_t* hash) : at_(at), hash_(hash) {}
  reference operator*() const { return *at_; }
  HashingIterator& operator++() {
    *hash_ = model::fnv1a_continue(*hash_, std::string_view(at_, 1));
    ++at_;
    return *this;
  }
  bool operator==(const HashingIterator& other) const { return at_ == other.at_; }

private:
  const char* at_;
  std::uint64_t* hash_; ///< the hash of the bytes before `at_`
};

/// An empty object or array, the stand-in that tells the type of a container the reader skips.
Json empty(bool object) { return object ? Json::object() : Json::array(); }

class TalpSax final : public nlohmann::json_sax<Json> {
public:
  TalpDocument document;
  bool root_is_object = false;

  bool null() override { return scalar(Json()); }
  bool boolean(bool value) override { return scalar(Json(value)); }
  bool number_integer(number_integer_t value) override { return scalar(Json(value)); }
  bool number_unsigned(number_unsigned_t value) override { return scalar(Json(value)); }
  bool number_float(number_float_t value, const string_t&) override { return scalar(Json(value)); }
  bool string(string_t& value) override { return scalar(Json(std::move(value))); }
  bool binary(binary_t&) override { return scalar(Json()); } // JSON text holds no binary values
  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

  bool key(string_t& name) override {
    key_.assign(name); // into the same buffer each time: no allocation once it is long enough
    // Only the members of records and of the whole document have slots; region names have none.
    const Place::Kind in = places_.back().kind;
    field_ = in == Place::record || in == Place::root ? record_field(key_) : std::nullopt;
    return true;
  }

private:
  bool scalar(Json value) {
    if (places_.empty()) return false; // a document that is no object is no TALP document
    Place& place = places_.back();
    switch (place.kind) {
    case Place::root: enter_member(std::move(value)); break;
    case Place::record:
      if (place.region && key_ == "process")
        place.region->process = ElementList{std::move(value), {}};
      else if (field_)
        place.element->record.set(*field_, std::move(value));
      break;
    case Place::element_map: place.map->members.insert_or_assign(key_, Element{std::move(value), {}}); break;
    case Place::element_list: place.list->elements.push_back(Element{std::move(value), {}}); break;
    case Place::process_map: place.processes->regions.insert_or_assign(key_, ElementList{std::move(value), {}}); break;
    case Place::region_list: document.regions.push_back(RegionElement{Element{std::move(value), {}}, {}}); break;
    case Place::node_list: ++place.elements_seen; break;
    case Place::node_process:
      if (key_ == "id" && value.is_number_unsigned())
        document.node_of_pid[value.get<std::uint64_t>()] = place.node_index;
      break;
    case Place::node:
    case Place::node_processes:
    case Place::skipped: break;
    }
    return true;
  }

  /// Keeps `kind`, what stands in the whole document's member `key_`: a section (as its type, when
  /// a scalar or a container of the wrong type), or a string the importer reads. Returns the place
  /// the contents go: skipped unless a section has its type.
  Place enter_member(Json kind) {
    const bool object = kind.is_object();
    const bool array = kind.is_array();
    if (key_ == "metadata" || key_ == "resources") {
      auto& section = key_ == "metadata" ? document.metadata : document.resources;
      section = Element{std::move(kind), {}};
      if (object) return Place{.kind = Place::record, .element = &*section};
    } else if (key_ == "Application" || key_ == "popMetrics") {
      auto& section = key_ == "Application" ? document.application : document.pop_metrics;
      section = ElementMap{std::move(kind), {}};
      if (object) return Place{.kind = Place::element_map, .map = &*section};
    } else if (key_ == "popRaw") {
      document.pop_raw = ElementList{std::move(kind), {}};
      if (array) return Place{.kind = Place::element_list, .list = &*document.pop_raw};
    } else if (key_ == "Process") {
      document.process = ProcessMap{std::move(kind), {}};
      if (object) return Place{.kind = Place::process_map, .processes = &*document.process};
    } else if (key_ == "region") {
      document.regions.clear(); // a later member of one name replaces an earlier one
      if (array) return Place{.kind = Place::region_list};
    } else if (key_ == "node") {
      document.node_of_pid.clear();
      if (array) return Place{.kind = Place::node_list};
    } else if (field_) {
      document.top.set(*field_, std::move(kind));
    }
    return Place{};
  }

  bool open(bool object) {
    if (places_.empty()) {
      root_is_object = object;
      places_.push_back(Place{.kind = Place::root});
      return object; // a document that is no object is no TALP document: no need to read on
    }
    // Deeper than the model's limit: stopped here, and reported as model::parse_json reports it.
    if (places_.size() >= model::max_json_nesting) return false;
    Place& place = places_.back();
    Place next;
    switch (place.kind) {
    case Place::root: next = enter_member(empty(object)); break;
    case Place::record:
      if (place.region && key_ == "process") {
        place.region->process = ElementList{empty(object), {}};
        if (!object) next = Place{.kind = Place::element_list, .list = &*place.region->process};
      } else if (field_) {
        place.element->record.set(*field_, empty(object));
      }
      break;
    case Place::element_map: {
      // Built in its place: an element is a record of some fifty values, one per region of a document.
      auto [at, added] = place.map->members.try_emplace(key_);
      Element& element = at->second;
      if (!added) element.record = Record{}; // a later member of one name replaces an earlier one
      element.kind = empty(object);
      if (object) next = Place{.kind = Place::record, .element = &element};
      break;
    }
    case Place::element_list:
      place.list->elements.push_back(Element{empty(object), {}});
      if (object) next = Place{.kind = Place::record, .element = &place.list->elements.back()};
      break;
    case Place::process_map: {
      ElementList& list = place.processes->regions.insert_or_assign(key_, ElementList{empty(object), {}}).first->second;
      if (!object) next = Place{.kind = Place::element_list, .list = &list};
      break;
    }
    case Place::region_list: {
      RegionElement& region = document.regions.emplace_back(RegionElement{Element{empty(object), {}}, {}});
      if (object) next = Place{.kind = Place::record, .element = &region.element, .region = &region};
      break;
    }
    case Place::node_list:
      if (object) next = Place{.kind = Place::node, .node_index = place.elements_seen};
      ++place.elements_seen;
      break;
    case Place::node:
      if (!object && key_ == "process") next = Place{.kind = Place::node_processes, .node_index = place.node_index};
      break;
    case Place::node_processes:
      if (object) next = Place{.kind = Place::node_process, .node_index = place.node_index};
      break;
    case Place::node_process:
    case Place::skipped: break;
    }
    places_.push_back(next);
    return true;
  }

  bool close() {
    places_.pop_back();
    return true;
  }

  std::vector<Place> places_;
  std::string key_;                  ///< the last key read, of the innermost object
  std::optional<std::size_t> field_; ///< its slot in a Record, when the importer reads it
};

} // namespace

std::variant<TalpDocument, NotTalp, InvalidJson> read_talp_document(std::string_view text) {
  TalpSax handler;
  std::uint64_t hash = model::fnv1a<std::uint64_t>("");
  const bool parsed =
      Json::sax_parse(HashingIterator(text.data(), &hash), HashingIterator(text.data() + text.size(), &hash), &handler);
  if (!handler.root_is_object) return NotTalp{};
  if (!parsed) return InvalidJson{};
  if (!handler.document.top.contains("dlbVersion")) return NotTalp{};
  // A strict parse that succeeded read every byte, the whitespace after the document included.
  handler.document.bytes_hash = hash;
  return std::move(handler.document);
}

} // namespace tally::analysis::ingest::talp
