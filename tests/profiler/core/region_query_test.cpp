// SPDX-License-Identifier: BSD-3-Clause
// The local query (core/region_query.hpp, tally_region_measures) in a run of its own: a backend
// whose snapshot hook adds a known number of instructions stands for the threads an OpenMP master
// covers, and its query hook for what a backend knows of the process. What the query answers
// while the region is open and after, from the owner and from another thread, and that repeated
// queries allocate nothing.
#include "core/backend.hpp"
#include "core/process.hpp"

#include "tally.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <thread>
#include <unistd.h>

namespace {

// Allocations of the calling thread while counting is on (operator new below).
thread_local bool counting_allocations = false;
thread_local std::size_t allocations = 0;

// AddressSanitizer replaces operator new itself and reports the mix of its allocations and ours:
// there the count is not taken (the normal build takes it).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool allocations_counted = false;
#else
constexpr bool allocations_counted = true;
#endif

} // namespace

#if !defined(__SANITIZE_ADDRESS__)
void* operator new(std::size_t size) {
  if (counting_allocations) ++allocations;
  if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
  throw std::bad_alloc();
}
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
#endif

namespace tally::profiler {
namespace {

// What the "other threads" have counted: the snapshot hook adds it to the caller's totals.
std::atomic<std::uint64_t> covered_instructions{0};

extern const Backend covering;

void on_load() { activate_backend(covering); }
void add_covered(Totals& totals) { totals.useful_instructions += covered_instructions.load(); }
void on_region_query(RegionSoFar& region) {
  region.record.threads = 4;
  region.measured.openmp = true;
}

extern const Backend covering{
    .name = "covering", .on_load = on_load, .on_region_snapshot = add_covered, .on_region_query = on_region_query};
constexpr std::array list{&covering};

class RegionQuery : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    output = std::filesystem::temp_directory_path() / ("tally_region_query_" + std::to_string(::getpid()));
    setenv("TALLY_OUTPUT", output.c_str(), 1);
    unsetenv("TALLY_MEASURED_PARENT");
    load_process(list);
  }
  static void TearDownTestSuite() {
    exit_process();
    std::filesystem::remove_all(output);
  }
  static inline std::filesystem::path output;
};

TEST_F(RegionQuery, an_open_region_counts_up_to_now_with_what_the_backends_add) {
  const tally_region_t solve = tally_region_register("solve");
  covered_instructions = 100;
  tally_region_start(solve);
  covered_instructions = 350;
  RegionSoFar open;
  ASSERT_EQ(query_region(solve, open), QueryResult::ok);
  EXPECT_TRUE(open.open);
  EXPECT_EQ(open.record.visits, 1u);
  EXPECT_EQ(open.record.useful_instructions, 250u); // 350 now, 100 at the start
  EXPECT_EQ(open.record.threads, 4u);               // the backend's query hook
  EXPECT_TRUE(open.measured.openmp);
  EXPECT_FALSE(open.measured.mpi);

  covered_instructions = 400;
  tally_region_stop(solve);
  covered_instructions = 1000; // after the stop: the closed visit no longer moves
  RegionSoFar closed;
  ASSERT_EQ(query_region(solve, closed), QueryResult::ok);
  EXPECT_FALSE(closed.open);
  EXPECT_EQ(closed.record.visits, 1u);
  EXPECT_EQ(closed.record.useful_instructions, 300u);
  EXPECT_GE(closed.record.elapsed_ns, open.record.elapsed_ns);
  EXPECT_EQ(closed.record.useful_ns, closed.record.elapsed_ns); // one thread, never outside the useful state
}

TEST_F(RegionQuery, another_thread_sees_the_open_visit_of_the_owner) {
  const tally_region_t halo = tally_region_register("halo");
  tally_region_start(halo);
  tally_measures seen;
  int result = -1;
  std::thread([&] { result = tally::measures(halo, seen); }).join(); // the C++ call fills in the size
  tally_region_stop(halo);
  EXPECT_EQ(result, TALLY_OK);
  EXPECT_EQ(seen.open, 1);
  EXPECT_EQ(seen.visits, 1u);
  EXPECT_EQ(seen.mpi_ns, 0);
  EXPECT_GT(seen.elapsed_ns, 0);
}

TEST_F(RegionQuery, queries_after_the_first_allocate_nothing) {
  if (!allocations_counted) GTEST_SKIP() << "AddressSanitizer owns operator new";
  const tally_region_t loop = tally_region_register("loop");
  tally_measures so_far{};
  so_far.size = sizeof so_far;
  tally_region_start(loop);
  ASSERT_EQ(tally_region_measures(loop, &so_far), TALLY_OK);
  counting_allocations = true;
  int* volatile allocated = new int(0); // the count sees an allocation (volatile: not elided)
  delete allocated;
  ASSERT_EQ(allocations, 1u);
  allocations = 0;
  for (int i = 0; i < 100; ++i)
    tally_region_measures(loop, &so_far);
  counting_allocations = false;
  tally_region_stop(loop);
  EXPECT_EQ(allocations, 0u);
}

TEST_F(RegionQuery, wrong_arguments_are_answered_not_crashed_on) {
  tally_measures so_far{};
  so_far.size = sizeof so_far;
  EXPECT_EQ(tally_region_measures(-1, &so_far), TALLY_UNKNOWN_REGION);
  EXPECT_EQ(tally_region_measures(100000, &so_far), TALLY_UNKNOWN_REGION);
  EXPECT_EQ(tally_region_measures(0, nullptr), TALLY_BAD_ARGUMENT);
  so_far.size = sizeof so_far - 8; // a structure this library does not know
  EXPECT_EQ(tally_region_measures(0, &so_far), TALLY_BAD_ARGUMENT);
  tally_metrics across{};
  across.size = sizeof across;
  EXPECT_EQ(tally_region_metrics(0, 0, 7, &across), TALLY_BAD_ARGUMENT);         // no such scope
  EXPECT_EQ(tally_region_metrics(0, 0, TALLY_ALL_RANKS, &across), TALLY_FAILED); // no backend reaches other ranks
}

} // namespace
} // namespace tally::profiler
