// The seam between regions and the thread backend: one atomic pointer, read on region calls.
#include "core/thread_team.hpp"

#include <atomic>

namespace tally::profiler {
namespace {
std::atomic<const ThreadTeam*> installed{nullptr};
} // namespace

void set_thread_team(const ThreadTeam* team) { installed.store(team, std::memory_order_release); }

const ThreadTeam* thread_team() { return installed.load(std::memory_order_acquire); }

Totals region_snapshot(ThreadState& thread) noexcept {
  Totals totals = thread.snapshot();
  if (const ThreadTeam* team = thread_team(); team && team->add_team_totals) team->add_team_totals(totals);
  return totals;
}

} // namespace tally::profiler
