// SPDX-License-Identifier: BSD-3-Clause
// Generated history shapes (bench/history_shapes.hpp: regions and configurations that come and go,
// ragged repetitions, hung runs, older schema versions, duplicated run ids, renamed experiments)
// through the gate as `tally gate` runs it, its reports and the site (bench/shape_check.hpp): never
// a crash or an exception, the commits always selected, every region of the candidate accounted
// for. Each failure names its seed; TALLY_SHAPE_SEED=S replays one, TALLY_SHAPES=N runs N.
#include "shape_check.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace tally::bench {
namespace {

/// The shapes run by default: seconds in a normal build, about a minute under the sanitizers.
constexpr std::uint64_t default_shapes = 300;
/// Every this many shapes also builds the site (it writes every page: the slow part).
constexpr std::uint64_t site_every = 5;

void expect_taken(std::uint64_t seed) {
  const std::filesystem::path site =
      seed % site_every == 0 ? std::filesystem::temp_directory_path() / ("tally_shapes_" + std::to_string(::getpid()))
                             : std::filesystem::path{};
  const ShapeCheck check = check_shape(seed, TALLY_TEST_TEMPLATES, site);
  for (const std::string& problem : check.problems)
    ADD_FAILURE() << check.shape << "\n  " << problem;
}

TEST(HistoryShapes, the_gate_and_the_site_take_every_generated_shape) {
  if (const char* replay = std::getenv("TALLY_SHAPE_SEED"); replay && *replay) {
    expect_taken(std::strtoull(replay, nullptr, 10));
    return;
  }
  const char* count = std::getenv("TALLY_SHAPES");
  const std::uint64_t shapes = count && *count ? std::strtoull(count, nullptr, 10) : default_shapes;
  for (std::uint64_t seed = 0; seed < shapes; ++seed)
    expect_taken(seed);
}

} // namespace
} // namespace tally::bench
