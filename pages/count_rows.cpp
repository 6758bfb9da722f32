// SPDX-License-Identifier: BSD-3-Clause
// The counts' rows and formats. The names of the kinds come from model::mpi_call_kinds, so a kind
// added to the profiler's table appears here without an edit.
#include "pages/count_rows.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace tally::pages {
namespace {

/// "device_to_host" -> "device to host".
std::string words(std::string_view key) {
  std::string out(key);
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

/// The kernels and copies a region's CUDA counts hold; nullptr when not counted (a TALP import).
const model::LaunchesAndCopies* launches_and_copies(const model::RegionRaw& raw) {
  if (!raw.device_counts || !raw.device_counts->launches_and_copies) return nullptr;
  return &*raw.device_counts->launches_and_copies;
}

std::optional<std::uint64_t> kernel_launches(const model::RegionRaw& raw) {
  if (const model::LaunchesAndCopies* work = launches_and_copies(raw)) return work->kernel_launches;
  return std::nullopt;
}

std::vector<CountRow> make_rows() {
  std::vector<CountRow> rows;
  rows.push_back({.name = "MPI calls", .read = [](const model::RegionRaw& raw) -> std::optional<std::uint64_t> {
                    if (!raw.mpi) return std::nullopt;
                    return raw.mpi->calls;
                  }});
  for (std::size_t kind = 0; kind < model::mpi_call_kinds.size(); ++kind) {
    rows.push_back({.name = words(model::mpi_call_kinds[kind]),
                    .depth = 1,
                    .shown_when_zero = false,
                    .read = [kind](const model::RegionRaw& raw) -> std::optional<std::uint64_t> {
                      if (!raw.mpi || !raw.mpi->calls_by_kind) return std::nullopt;
                      return (*raw.mpi->calls_by_kind)[kind];
                    }});
  }
  rows.push_back({.name = "MPI bytes sent", .bytes = true, .read = [](const model::RegionRaw& raw) {
                    return raw.mpi ? raw.mpi->bytes_sent : std::nullopt;
                  }});
  rows.push_back({.name = "MPI bytes received", .bytes = true, .read = [](const model::RegionRaw& raw) {
                    return raw.mpi ? raw.mpi->bytes_received : std::nullopt;
                  }});
  rows.push_back({.name = "MPI collective bytes", .bytes = true, .read = [](const model::RegionRaw& raw) {
                    return raw.mpi ? raw.mpi->collective_bytes : std::nullopt;
                  }});
  rows.push_back({.name = "OpenMP parallel regions", .read = [](const model::RegionRaw& raw) {
                    return raw.openmp ? raw.openmp->parallels : std::nullopt;
                  }});
  rows.push_back({.name = "OpenMP tasks",
                  .read = [](const model::RegionRaw& raw) { return raw.openmp ? raw.openmp->tasks : std::nullopt; }});
  rows.push_back(
      {.name = "CUDA runtime calls", .read = [](const model::RegionRaw& raw) -> std::optional<std::uint64_t> {
         if (!raw.device_counts) return std::nullopt;
         return raw.device_counts->runtime_calls;
       }});
  rows.push_back({.name = "kernel launches", .depth = 1, .read = kernel_launches});
  for (std::size_t direction = 0; direction < model::device_copy_directions.size(); ++direction) {
    const std::string name = words(model::device_copy_directions[direction]);
    rows.push_back({.name = "copies " + name,
                    .depth = 1,
                    .shown_when_zero = false,
                    .read = [direction](const model::RegionRaw& raw) -> std::optional<std::uint64_t> {
                      if (const model::LaunchesAndCopies* work = launches_and_copies(raw))
                        return work->copies[direction];
                      return std::nullopt;
                    }});
    rows.push_back({.name = "CUDA bytes copied " + name,
                    .bytes = true,
                    .shown_when_zero = false,
                    .read = [direction](const model::RegionRaw& raw) -> std::optional<std::uint64_t> {
                      if (const model::LaunchesAndCopies* work = launches_and_copies(raw))
                        return work->copy_bytes[direction];
                      return std::nullopt;
                    }});
  }
  return rows;
}

/// Digits grouped by thousands: 6458 -> "6,458".
std::string grouped(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

} // namespace

const std::vector<CountRow>& count_rows() {
  static const std::vector<CountRow> rows = make_rows();
  return rows;
}

const std::vector<CountRow>& charted_counts() {
  static const std::vector<CountRow> rows{count_rows().front(),
                                          {.name = "MPI bytes",
                                           .bytes = true,
                                           .read = [](const model::RegionRaw& raw) -> std::optional<std::uint64_t> {
                                             if (!raw.mpi || !raw.mpi->bytes_sent || !raw.mpi->collective_bytes)
                                               return std::nullopt;
                                             return *raw.mpi->bytes_sent + *raw.mpi->collective_bytes;
                                           }},
                                          {.name = "kernel launches", .read = kernel_launches}};
  return rows;
}

std::string format_count(double value) {
  // Whole numbers (totals, and per-visit values of 100 or more) keep every digit: a count is
  // exact, and the last digit is often the one that changed.
  if (value >= 99.5 || value == std::round(value)) return grouped(static_cast<std::uint64_t>(std::llround(value)));
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

std::string format_bytes(double value) {
  static constexpr std::array<const char*, 6> units{"B", "kB", "MB", "GB", "TB", "PB"};
  std::size_t unit = 0;
  // Move up while the value would round to 1000 or more in this unit.
  while (unit + 1 < units.size() && value >= 999.5) {
    value /= 1000;
    ++unit;
  }
  char text[32];
  if (unit == 0) {
    std::snprintf(text, sizeof text, "%s B", format_count(value).c_str());
  } else {
    std::snprintf(text, sizeof text, value < 99.95 ? "%.1f %s" : "%.0f %s", value, units[unit]);
  }
  return text;
}

std::string format_count_row(const CountRow& row, double value) {
  return row.bytes ? format_bytes(value) : format_count(value);
}

} // namespace tally::pages
