// SPDX-License-Identifier: BSD-3-Clause
// raw.openacc: {"constructs": {kind: n}, "constructs_on_host": n, "enqueues": {kind: n}}, every
// kind present, so that a region that ran no update says 0 rather than leaving the reader to guess.
#include "openacc_reader.hpp"

#include <algorithm>
#include <numeric>

namespace tally::model::detail {
namespace {

/// One count per name of `kinds`, none other; `what` names the kind in a problem.
template <std::size_t N>
std::array<std::uint64_t, N> read_by_kind(const Json& group, const Pointer& at, const char* key,
                                          const std::array<std::string_view, N>& kinds, const char* what,
                                          JsonChecker& checker) {
  std::array<std::uint64_t, N> out{};
  const Json* counts = checker.object_member(group, at, key, Presence::required);
  if (!counts) return out;
  const Pointer here = at / key;
  for (const auto& [name, value] : counts->items()) {
    if (std::find(kinds.begin(), kinds.end(), name) == kinds.end()) checker.fail(here / name, what);
  }
  for (std::size_t kind = 0; kind < N; ++kind)
    out[kind] = checker.count_member(*counts, here, std::string(kinds[kind]), Presence::required).value_or(0);
  return out;
}

} // namespace

std::optional<OpenAccRaw> read_openacc(const Json& raw, const Pointer& at, JsonChecker& checker) {
  const Json* group = checker.object_member(raw, at, "openacc", Presence::optional);
  if (!group) return std::nullopt;
  const Pointer here = at / "openacc";
  checker.reject_unknown(*group, here, {"constructs", "constructs_on_host", "enqueues"});
  OpenAccRaw openacc;
  openacc.constructs =
      read_by_kind(*group, here, "constructs", openacc_construct_kinds, "unknown kind of OpenACC construct", checker);
  openacc.constructs_on_host = checker.count_member(*group, here, "constructs_on_host", Presence::required).value_or(0);
  openacc.enqueues =
      read_by_kind(*group, here, "enqueues", openacc_enqueue_kinds, "unknown kind of OpenACC enqueue", checker);
  const std::uint64_t constructs =
      std::accumulate(openacc.constructs.begin(), openacc.constructs.end(), std::uint64_t{0});
  if (openacc.constructs_on_host > constructs) {
    checker.fail(here / "constructs_on_host", "larger than the constructs of every kind together");
  }
  return openacc;
}

} // namespace tally::model::detail
