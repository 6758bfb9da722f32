// SPDX-License-Identifier: BSD-3-Clause
// dump() text, hashed as it is produced: the bytes go through a small buffer into FNV-1a. Members
// come in the object's key order, numbers are written as dump() writes them (floats by nlohmann's
// own shortest form), and a string that dump() would escape is left to dump() itself.
#include "analysis/ingest/talp/dump_hash.hpp"

#include "tally/model/stable_hash.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <string_view>

namespace tally::analysis::ingest::talp {
namespace {

using Json = nlohmann::json;

class DumpHasher {
public:
  void value(const Json& json) {
    switch (json.type()) {
    case Json::value_t::null: put("null"); break;
    case Json::value_t::boolean: put(json.get<bool>() ? "true" : "false"); break;
    case Json::value_t::number_integer: whole(json.get<std::int64_t>()); break;
    case Json::value_t::number_unsigned: whole(json.get<std::uint64_t>()); break;
    case Json::value_t::number_float: fraction(json.get<double>()); break;
    case Json::value_t::string: text(json.get_ref<const std::string&>()); break;
    case Json::value_t::array:
      put("[");
      for (std::size_t i = 0; i < json.size(); ++i) {
        if (i > 0) put(",");
        value(json[i]);
      }
      put("]");
      break;
    case Json::value_t::object: {
      put("{");
      bool first = true;
      for (const auto& [key, member] : json.get_ref<const Json::object_t&>()) {
        if (!first) put(",");
        first = false;
        text(key);
        put(":");
        value(member);
      }
      put("}");
      break;
    }
    case Json::value_t::binary:
    case Json::value_t::discarded:
      put(json.dump()); // never produced by parsing JSON text
      break;
    }
  }

  std::uint64_t finish() {
    flush();
    return hash_;
  }

private:
  template <class Integer> void whole(Integer number) {
    std::array<char, 24> digits;
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), number).ptr;
    put(std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data())));
  }

  void fraction(double number) {
    if (!std::isfinite(number)) return put("null");
    std::array<char, 64> digits;
    const char* end = nlohmann::detail::to_chars(digits.data(), digits.data() + digits.size(), number);
    put(std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data())));
  }

  /// A string as dump() quotes it: as it is unless it holds a control character, a quote or a
  /// backslash, which dump() escapes.
  void text(const std::string& value) {
    for (const char c : value) {
      if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') return put(Json(value).dump());
    }
    put("\"");
    put(value);
    put("\"");
  }

  void put(std::string_view bytes) {
    if (used_ + bytes.size() > buffer_.size()) {
      flush();
      if (bytes.size() > buffer_.size()) {
        hash_ = model::fnv1a_continue(hash_, bytes);
        return;
      }
    }
    bytes.copy(buffer_.data() + used_, bytes.size());
    used_ += bytes.size();
  }

  void flush() {
    hash_ = model::fnv1a_continue(hash_, std::string_view(buffer_.data(), used_));
    used_ = 0;
  }

  std::array<char, 4096> buffer_{};
  std::size_t used_ = 0;
  std::uint64_t hash_ = model::fnv1a<std::uint64_t>("");
};

} // namespace

std::uint64_t dump_hash(const nlohmann::json& document) {
  DumpHasher hasher;
  hasher.value(document);
  return hasher.finish();
}

} // namespace tally::analysis::ingest::talp
