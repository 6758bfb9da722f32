// SPDX-License-Identifier: BSD-3-Clause
// The noise pooled over a family: priors fitted by their log-moments and the posterior variance, on
// values worked by hand.
#include "gate/moderation.hpp"

#include "gate/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tally::gate {
namespace {

TEST(Moderation, the_posterior_is_the_prior_and_the_estimate_weighed_by_their_degrees) {
  // s₀² = 4 with 12 degrees, s² = 1 with 4: (12·4 + 4·1)/16 = 3.25 with 16 degrees.
  const ModeratedVariance quiet = moderate(1.0, 4, VariancePrior{4.0, 12});
  EXPECT_DOUBLE_EQ(quiet.variance, 3.25);
  EXPECT_DOUBLE_EQ(quiet.degrees_of_freedom, 16.0);
  // s² = 9: the posterior (48 + 36)/16 = 5.25, below the check's own estimate: four degrees of its
  // own weigh a third of the prior's twelve.
  const ModeratedVariance noisy = moderate(9.0, 4, VariancePrior{4.0, 12});
  EXPECT_DOUBLE_EQ(noisy.variance, 5.25);
  EXPECT_DOUBLE_EQ(noisy.degrees_of_freedom, 16.0);
  // No prior: the estimate as it is.
  const ModeratedVariance alone = moderate(9.0, 4, VariancePrior{});
  EXPECT_DOUBLE_EQ(alone.variance, 9.0);
  EXPECT_DOUBLE_EQ(alone.degrees_of_freedom, 4.0);
}

TEST(Moderation, estimates_that_agree_beyond_their_own_noise_give_the_most_prior_degrees) {
  // Ten estimates of exactly 4, each with 4 degrees: their logarithms do not spread at all, less
  // than their own noise explains, so d₀ is its cap; e = ln 4 − ψ(2) + ln 2 for each, and the
  // prior's variance exp(e + ψ(d₀/2) − ln(d₀/2)).
  const std::vector<double> variances(10, 4.0), degrees(10, 4.0);
  const std::vector<std::size_t> groups{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::vector<VariancePrior> priors = fit_variance_priors(variances, degrees, groups);
  const double e = std::log(4.0) - digamma(2.0) + std::log(2.0);
  const double half = moderation_max_degrees / 2;
  for (const VariancePrior& prior : priors) {
    EXPECT_DOUBLE_EQ(prior.degrees_of_freedom, moderation_max_degrees);
    EXPECT_NEAR(prior.variance, std::exp(e + digamma(half) - std::log(half)), 1e-12);
  }
}

TEST(Moderation, a_region_keeps_its_own_level_of_noise) {
  // Five regions at two configurations each, all estimates with 4 degrees: region r's two
  // estimates are both 4^r. Within each region they agree exactly, so d₀ is its cap, and each
  // region's prior lies at its own level: a quiet region is not pulled up to the noisy ones.
  std::vector<double> variances, degrees;
  std::vector<std::size_t> groups;
  for (std::size_t region = 0; region < 5; ++region) {
    for (int configuration = 0; configuration < 2; ++configuration) {
      variances.push_back(std::pow(4.0, static_cast<double>(region)));
      degrees.push_back(4.0);
      groups.push_back(region);
    }
  }
  const std::vector<VariancePrior> priors = fit_variance_priors(variances, degrees, groups);
  const double bias =
      -digamma(2.0) + std::log(2.0) + digamma(moderation_max_degrees / 2) - std::log(moderation_max_degrees / 2);
  for (std::size_t i = 0; i < variances.size(); ++i)
    EXPECT_NEAR(priors[i].variance, variances[i] * std::exp(bias), 1e-9 * variances[i]) << i;
}

TEST(Moderation, too_few_estimates_give_no_prior) {
  const std::vector<double> variances(moderation_min_checks - 1, 4.0), degrees(moderation_min_checks - 1, 4.0);
  const std::vector<std::size_t> groups(moderation_min_checks - 1, 0);
  for (const VariancePrior& prior : fit_variance_priors(variances, degrees, groups))
    EXPECT_EQ(prior.degrees_of_freedom, 0.0);
}

} // namespace
} // namespace tally::gate
