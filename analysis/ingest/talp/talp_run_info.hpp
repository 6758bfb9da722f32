// SPDX-License-Identifier: BSD-3-Clause
// The parts of an imported document that describe the run rather than its regions: times, id,
// and the git origin talp-pages keeps in a `metadata` block.
#pragma once

#include "analysis/ingest/talp/talp_document.hpp"
#include "analysis/ingest/talp/talp_fields.hpp"

#include "tally/model/run_document.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tally::analysis::ingest::talp {

/// TALP's `timestamp` (local time of the end of the run, written without a zone) as UTC ISO
/// 8601. TALP does not record the zone, so the time is taken as UTC; a time that carries a zone
/// is converted. nullopt when the text is no time.
std::optional<std::string> timestamp_as_utc(const std::string& text);

/// `utc` (2026-11-21T23:52:18Z) minus `nanoseconds`, to the millisecond.
std::string utc_minus(const std::string& utc, std::uint64_t nanoseconds);

/// The `metadata` block of talp-pages (gitCommit, gitBranch, gitTimestamp, isMergeRequest,
/// defaultGitBranch) as the document's source; nullopt without one, or when talp-pages could not
/// tell the commit.
std::optional<model::SourceInfo> read_metadata(const std::optional<Element>& metadata, FieldReader& reader);

/// A run id stable across imports of the same file: `<stem>-<end time>-<hash>`, where the hash is
/// the low 32 bits of FNV-1a over the file's bytes as read (`bytes_hash`, 64 bits), in 8
/// hexadecimal digits.
std::string imported_run_id(const std::string& file, const std::string& end_time, std::uint64_t bytes_hash);

/// What identifies the run of an imported id across hash schemes: the id without its `-<hash>`
/// (input stem and end time). Ids hashed nlohmann/json's dump() of the parsed file until the hash
/// became that of the bytes. nullopt when `id` does not end in `-` and 8 hexadecimal digits.
std::optional<std::string_view> imported_run_key(std::string_view id);

} // namespace tally::analysis::ingest::talp
