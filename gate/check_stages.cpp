// SPDX-License-Identifier: BSD-3-Clause
#include "gate/check_stages.hpp"

#include "gate/decision.hpp"
#include "gate/moderation.hpp"
#include "gate/noise.hpp"
#include "gate/rule_usage.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

namespace tally::gate {
namespace {

bool joins_prior(const PendingCheck& pending, const GateConfig& config) {
  if (!pending.joins_family || pending.noise.empty() || !pending.scale || pending.scale->deviation <= 0) return false;
  const CheckRule& rule = pending.check.rule;
  return !certain_beyond_tolerance(weigh_change(rule, pending.estimate, pending.scale, 1.0), rule, config);
}

/// Part `part` of every member's noise moderated towards priors fitted over them, located at each
/// member's `groups` entry; returns the priors' degrees of freedom, one per member.
std::vector<double> moderate_part(std::span<PendingCheck* const> members, std::span<const std::size_t> groups,
                                  std::size_t part) {
  std::vector<double> variances, degrees;
  for (const PendingCheck* pending : members) {
    const NoisePart& noise = pending->noise[part];
    variances.push_back(noise.variance);
    degrees.push_back(noise.degrees_of_freedom);
  }
  const std::vector<VariancePrior> priors = fit_variance_priors(variances, degrees, groups);
  std::vector<double> out;
  for (std::size_t i = 0; i < members.size(); ++i) {
    NoisePart& noise = members[i]->noise[part];
    out.push_back(priors[i].degrees_of_freedom);
    if (noise.degrees_of_freedom <= 0 || noise.variance <= 0) continue;
    const ModeratedVariance moderated = moderate(noise.variance, noise.degrees_of_freedom, priors[i]);
    noise = {moderated.variance, moderated.degrees_of_freedom, true};
  }
  return out;
}

} // namespace

void pool_noise(std::span<PendingCheck* const> checks, const GateConfig& config) {
  std::map<model::MetricId, std::vector<PendingCheck*>> by_metric;
  for (PendingCheck* pending : checks) {
    if (joins_prior(*pending, config)) by_metric[pending->check.metric].push_back(pending);
  }
  for (auto& [metric, members] : by_metric) {
    std::vector<std::size_t> regions;
    std::map<std::pair<std::string, std::string>, std::size_t> region_of;
    for (const PendingCheck* pending : members) {
      regions.push_back(
          region_of.try_emplace({pending->check.experiment, pending->check.region}, region_of.size()).first->second);
    }
    // Every member of one metric has as many parts: its gate gives each check the same.
    for (std::size_t part = 0; part < members.front()->noise.size(); ++part) {
      const std::vector<double> prior_degrees = moderate_part(members, regions, part);
      for (std::size_t i = 0; i < members.size(); ++i) {
        double& gained = members[i]->check.prior_degrees_of_freedom;
        gained = part == 0 ? prior_degrees[i] : std::max(gained, prior_degrees[i]);
      }
    }
  }
}

void weigh(PendingCheck& pending) {
  Check& check = pending.check;
  check.rule.tolerance = tolerance_with_noise(check.rule, pending.scale, pending.estimate.reference);
  check.result = weigh_change(check.rule, pending.estimate, pending.scale, check.share);
}

void weigh(UniformMove& move, double log_move, const Scale& scale) {
  move.rule.tolerance = tolerance_with_noise(move.rule, scale, 1.0);
  move.result = weigh_change(move.rule, {1.0, std::exp(log_move)}, scale, 1.0);
}

void decide_checks(std::span<PendingCheck* const> checks, GateResult& out, const GateConfig& config,
                   const std::string& candidate_commit, const std::string& today) {
  for (PendingCheck* pending : checks)
    out.checks.push_back(std::move(pending->check));
  decide(out, config, candidate_commit, today);
  out.unused_rules = unused_rules(config, out);
}

} // namespace tally::gate
