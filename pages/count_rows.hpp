// SPDX-License-Identifier: BSD-3-Clause
// The exact counts the site shows of a region (MPI calls by kind and bytes, OpenMP constructs,
// CUDA runtime calls, kernel launches and copies by direction): one list of rows, read from a
// region's raw aggregates, and their compact formatting.
#pragma once

#include "tally/model/region_raw.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tally::pages {

/// One count as a table row. `read` gives nothing where the run did not measure it (no MPI
/// backend, a v1 document, a TALP import without that field), so that a page says n/a, never 0.
struct CountRow {
  std::string name;            ///< e.g. "MPI calls", "collective" under it
  std::size_t depth = 0;       ///< 1 for the calls of one kind, under "MPI calls"
  bool bytes = false;          ///< formatted as a size ("60.1 MB") rather than a number ("6,458")
  bool shown_when_zero = true; ///< false for the kinds: a row only for a kind with any call
  std::function<std::optional<std::uint64_t>(const model::RegionRaw&)> read;
};

/// The rows in the order pages show them: MPI calls, one row per kind, bytes; OpenMP constructs;
/// CUDA runtime calls, kernel launches, copies and bytes per direction.
const std::vector<CountRow>& count_rows();

/// The counts region pages chart per visit along the commits: MPI calls, MPI bytes (sent
/// point-to-point plus handed to collectives: one line for all of a region's payload), and kernel
/// launches.
const std::vector<CountRow>& charted_counts();

/// A count or a count per visit: "6,458", "12.5", "0.333".
std::string format_count(double value);

/// A size in bytes with a decimal unit: "512 B", "4.1 kB", "60.1 MB", "123 GB".
std::string format_bytes(double value);

/// `value` formatted as `row` says.
std::string format_count_row(const CountRow& row, double value);

} // namespace tally::pages
