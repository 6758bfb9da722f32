// SPDX-License-Identifier: BSD-3-Clause
// Run-level fields of an imported TALP document: times, id and the talp-pages metadata.
#include "analysis/ingest/talp/talp_run_info.hpp"

#include "tally/model/file_names.hpp"
#include "tally/model/utc_time.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>

namespace tally::analysis::ingest::talp {
namespace {

/// talp-pages writes phrases ("unkown commit", "GitHub doenst expose the default branch via ENV")
/// where CI did not tell it a value. Git object names and ref names never contain spaces.
bool is_placeholder(const std::string& text) { return text.empty() || text.find(' ') != std::string::npos; }

} // namespace

std::optional<std::string> timestamp_as_utc(const std::string& text) {
  if (auto utc = model::to_utc_iso8601(text)) return utc;
  return model::to_utc_iso8601(text + "Z");
}

std::string utc_minus(const std::string& utc, std::uint64_t nanoseconds) {
  std::tm fields{};
  std::sscanf(utc.c_str(), "%d-%d-%dT%d:%d:%d", &fields.tm_year, &fields.tm_mon, &fields.tm_mday, &fields.tm_hour,
              &fields.tm_min, &fields.tm_sec);
  fields.tm_year -= 1900;
  fields.tm_mon -= 1;
  const long long end_ms = static_cast<long long>(timegm(&fields)) * 1000;
  const long long start_ms = end_ms - static_cast<long long>(nanoseconds / 1000000);
  const auto start_s = static_cast<std::time_t>(start_ms >= 0 ? start_ms / 1000 : (start_ms - 999) / 1000);
  const long long millis = start_ms - static_cast<long long>(start_s) * 1000;
  std::tm start{};
  gmtime_r(&start_s, &start);
  char text[40];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &start);
  std::string out(text, length);
  if (millis != 0) {
    char fraction[8];
    std::snprintf(fraction, sizeof fraction, ".%03lld", millis);
    out += fraction;
  }
  return out + "Z";
}

std::optional<model::SourceInfo> read_metadata(const std::optional<Element>& metadata_section, FieldReader& reader) {
  const Pointer at = Pointer() / "metadata";
  if (!metadata_section || !reader.expect_object(metadata_section->kind, at)) return std::nullopt;
  const Record& metadata = metadata_section->record;
  const auto commit = reader.string_member(metadata, at, "gitCommit", Need::required);
  const auto branch = reader.string_member(metadata, at, "gitBranch", Need::required);
  const auto merge_request = reader.bool_member(metadata, at, "isMergeRequest", Need::optional);
  const auto default_branch = reader.string_member(metadata, at, "defaultGitBranch", Need::optional);
  std::optional<std::string> commit_time;
  // talp-pages writes the commit time without its zone, and null when CI gave none.
  if (const Json* time = metadata.find("gitTimestamp"); time && !time->is_null()) {
    if (const auto text = reader.string_member(metadata, at, "gitTimestamp", Need::required)) {
      commit_time = timestamp_as_utc(*text);
      if (!commit_time)
        reader.fail(at / "gitTimestamp", "expected a time like 2024-09-02T14:11:24, got \"" + *text + "\"");
    }
  }
  if (!commit || is_placeholder(*commit)) return std::nullopt;
  model::SourceInfo out;
  out.commit = *commit;
  out.branch = branch && !is_placeholder(*branch) ? *branch : "";
  out.commit_time = commit_time;
  out.is_merge_request = merge_request.value_or(false);
  if (default_branch && !is_placeholder(*default_branch)) out.default_branch = default_branch;
  return out;
}

std::string imported_run_id(const std::string& file, const std::string& end_time, std::uint64_t bytes_hash) {
  char hash[20];
  std::snprintf(hash, sizeof hash, "%08llx", static_cast<unsigned long long>(bytes_hash & 0xffffffffull));
  return model::file_name_part(std::filesystem::path(file).stem().string(), "talp") + "-" +
         model::compact_time(end_time) + "-" + hash;
}

std::optional<std::string_view> imported_run_key(std::string_view id) {
  constexpr std::size_t hash_digits = 8;
  if (id.size() <= hash_digits + 1 || id[id.size() - hash_digits - 1] != '-') return std::nullopt;
  const std::string_view hash = id.substr(id.size() - hash_digits);
  if (hash.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
  return id.substr(0, id.size() - hash_digits - 1);
}

} // namespace tally::analysis::ingest::talp
