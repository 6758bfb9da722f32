// SPDX-License-Identifier: BSD-3-Clause
// Generated history shapes through the gate and the site, thousands of them (the test runs a few
// hundred: tests/gate/history_shapes_test.cpp), then the gate's rates on histories whose regions
// and configurations come and go beside the plain histories' (gate_rates.hpp), in one run.
// `gate_shapes [SHAPES] [SEEDS] [TEMPLATES]`: SHAPES shapes (default 10000), every fifth with the
// site; SEEDS noise-only and grown histories of each kind for the rates (default 100, 0: none).
// Built under the sanitizers (build-sanitize/bench/gate_shapes), a crash is theirs to report.
#include "gate_rates.hpp"
#include "history_shapes.hpp"
#include "shape_check.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

namespace bench = tally::bench;

constexpr std::uint64_t site_every = 5;
constexpr int problems_shown = 20;

int run_shapes(std::uint64_t shapes, const std::filesystem::path& templates) {
  std::array<std::uint64_t, bench::change_kinds.size()> with_kind{};
  const std::filesystem::path site =
      std::filesystem::temp_directory_path() / ("tally_gate_shapes_" + std::to_string(::getpid()));
  std::uint64_t failed = 0, sites = 0;
  for (std::uint64_t seed = 0; seed < shapes; ++seed) {
    const bool with_site = seed % site_every == 0;
    sites += with_site ? 1 : 0;
    const bench::ShapeCheck check = bench::check_shape(seed, templates, with_site ? site : std::filesystem::path{});
    for (std::size_t k = 0; k < bench::change_kinds.size(); ++k)
      with_kind[k] += check.shape.find(bench::change_kinds[k]) != std::string::npos ? 1 : 0;
    if (check.problems.empty()) continue;
    if (++failed <= problems_shown) {
      std::printf("%s\n", check.shape.c_str());
      for (const std::string& problem : check.problems)
        std::printf("  %s\n", problem.c_str());
    }
  }
  std::printf("shapes: %llu through the gate and its reports, %llu of them through the site too: %llu with a problem\n",
              static_cast<unsigned long long>(shapes), static_cast<unsigned long long>(sites),
              static_cast<unsigned long long>(failed));
  std::printf("shapes with each change:");
  for (std::size_t k = 0; k < bench::change_kinds.size(); ++k)
    std::printf(" %s %llu;", bench::change_kinds[k], static_cast<unsigned long long>(with_kind[k]));
  std::printf("\n");
  return failed == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  const std::uint64_t shapes = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000;
  const int seeds = argc > 2 ? std::atoi(argv[2]) : 100;
  const std::filesystem::path templates = argc > 3 ? argv[3] : TALLY_BENCH_TEMPLATES;
  const int status = run_shapes(shapes, templates);
  if (seeds == 0) return status;
  const bench::HistoryOptions plain{};
  bench::realistic_rates(
      "Plain histories, 12 commits x 5 repetitions (the anchor)", bench::commits,
      [&](std::uint64_t seed, bool grow) { return bench::realistic_history(seed, grow, plain); }, seeds);
  bench::realistic_rates(
      "Regions and configurations that come and go, ragged repetitions, 12 x 5", bench::commits,
      [&](std::uint64_t seed, bool grow) {
        return bench::shaped_history(seed, grow, bench::ShapeKinds::churn, plain).history;
      },
      seeds);
  bench::HistoryOptions drifting{};
  drifting.drifting_runner = true;
  drifting.length = {4, 3};
  bench::realistic_rates(
      "Plain, drifting runner, 4 x 3 (the anchor)", 4,
      [&](std::uint64_t seed, bool grow) { return bench::realistic_history(seed, grow, drifting); }, seeds);
  bench::realistic_rates(
      "Come and go, drifting runner, 4 x 3", 4,
      [&](std::uint64_t seed, bool grow) {
        return bench::shaped_history(seed, grow, bench::ShapeKinds::churn, drifting).history;
      },
      seeds);
  return status;
}
