// SPDX-License-Identifier: BSD-3-Clause
// The content hash of an imported TALP document: FNV-1a of the compact text nlohmann/json's dump()
// writes, computed from the parsed tree without writing that text out.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>

namespace tally::analysis::ingest::talp {

/// model::fnv1a<std::uint64_t>(document.dump()), byte for byte, at a fraction of its cost.
std::uint64_t dump_hash(const nlohmann::json& document);

} // namespace tally::analysis::ingest::talp
