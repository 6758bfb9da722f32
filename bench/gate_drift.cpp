// SPDX-License-Identifier: BSD-3-Clause
// Seeded simulation of one check's p-values when nothing changed, on a runner whose speed drifts
// between commits: how often the gate's scale (gate/noise) gives p below 10⁻², 10⁻³ and 10⁻⁴,
// against how often it should, with the scale's degrees of freedom (the p-value Stouffer's sum
// across configurations takes) and with one job's (the history's jobs: the one Simes' takes).
// Each commit's repetitions are normal values of standard deviation 1 around the commit's own
// level, which drifts from commit to commit with standard deviation τ (0: a steady runner).
// Histories of 11 commits × 5 repetitions (learned noise, against the level) and of 3 and 4
// commits × 4 (short, the candidate's repetitions in the repetitions' spread).
// `gate_drift TRIALS` runs more trials per cell (default 20,000; 10⁻⁴ needs about 10⁵).
#include "gate/noise.hpp"
#include "gate/verdict.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace {

namespace gate = tally::gate;
using Random = std::mt19937_64;
using Commits = std::vector<std::vector<double>>;

constexpr std::array<double, 3> nominal{1e-2, 1e-3, 1e-4};

struct Shape {
  int history_commits;
  int repetitions;
};

std::vector<double> commit_values(int repetitions, double drift, Random& random) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const double level = drift * normal(random);
  std::vector<double> values(static_cast<std::size_t>(repetitions));
  for (double& value : values)
    value = level + normal(random);
  return values;
}

/// A check's two p-values (SampleVerdict's p_value and p_one_job).
struct PValues {
  double scale = 1;
  double one_job = 1;
};

/// The p-values of one noise-only comparison, with the reference the gate takes: the repetitions of
/// the commits at the baseline's level, pooled.
PValues noise_only_p_values(const Shape& shape, double drift, Random& random) {
  Commits commits;
  for (int c = 0; c <= shape.history_commits; ++c)
    commits.push_back(commit_values(shape.repetitions, drift, random));
  const std::vector<double> candidate = commits.back();
  commits.pop_back();
  const std::optional<gate::LearnedNoise> noise = gate::learn_noise(commits, candidate);
  const gate::Scale scale = gate::noise_scale(*noise);
  const std::size_t level_commits = noise->level_commits;
  std::vector<double> reference;
  for (std::size_t c = commits.size() - level_commits; c < commits.size(); ++c)
    reference.insert(reference.end(), commits[c].begin(), commits[c].end());
  const gate::SampleVerdict evidence =
      gate::weigh_change(gate::CheckRule{}, gate::medians_of(reference, candidate), scale, 1.0);
  return {*evidence.p_value, *evidence.p_one_job};
}

} // namespace

int main(int argc, char** argv) {
  const long trials = argc > 1 ? std::atol(argv[1]) : 20000;
  if (trials <= 0) {
    std::fprintf(stderr, "gate_drift: the number of trials must be a positive integer, not '%s'\n", argv[1]);
    return 2;
  }
  std::printf("gate_drift: %ld noise-only checks per cell; rate of p below each level over the level\n", trials);
  std::printf("%-22s %-6s %30s   %30s\n", "", "", "the scale's degrees", "one job's degrees");
  std::printf("%-22s %-6s", "history", "drift");
  for (int side = 0; side < 2; ++side)
    std::printf(" %9s %9s %9s  ", "p<1e-2", "p<1e-3", "p<1e-4");
  std::printf("\n");
  Random random(20261127);
  for (const Shape shape : {Shape{11, 5}, Shape{4, 4}, Shape{3, 4}}) {
    for (const double drift : {0.0, 0.25, 0.5, 1.0, 2.0, 4.0}) {
      std::array<long, nominal.size()> below{}, below_one_job{};
      for (long t = 0; t < trials; ++t) {
        const PValues p = noise_only_p_values(shape, drift, random);
        for (std::size_t k = 0; k < nominal.size(); ++k) {
          below[k] += p.scale < nominal[k] ? 1 : 0;
          below_one_job[k] += p.one_job < nominal[k] ? 1 : 0;
        }
      }
      char history[32];
      std::snprintf(history, sizeof history, "%d commits x %d", shape.history_commits, shape.repetitions);
      std::printf("%-22s %-6.2f", history, drift);
      for (const auto& counts : {below, below_one_job}) {
        for (std::size_t k = 0; k < nominal.size(); ++k)
          std::printf(" %9.2f", static_cast<double>(counts[k]) / static_cast<double>(trials) / nominal[k]);
        std::printf("  ");
      }
      std::printf("\n");
    }
  }
  return 0;
}
