// SPDX-License-Identifier: BSD-3-Clause
// tally_cupti_attach as libtally_cupti.so calls it: a library that speaks another version of the
// interface (another version, another struct size, or a build from before versions) is refused
// with one warning naming both versions, and none of its functions is called.
#include "core/process.hpp"
#include "cuda/cupti_sink.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>

namespace tally::profiler::cuda {
namespace {

int starts = 0; // calls of the library's start function

TallyCuptiFunctions library_of(std::uint32_t version, std::uint32_t size) {
  return {version,
          size,
          [](const TallyCuptiSink*, char*, std::size_t) {
            ++starts;
            return 0;
          },
          [](int) {},
          [] {},
          [] { return std::uint64_t{0}; }};
}

/// The process as libtally.so has it when the driver loads libtally_cupti.so before the run
/// starts (an MPI program initialising CUDA before MPI_Init).
void measured_and_waiting() {
  starts = 0;
  process().phase = Phase::waiting;
}

std::vector<std::string> tally_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("tally: ")) lines.push_back(line);
  }
  return lines;
}

TEST(CuptiAttach, a_library_of_another_version_or_size_is_refused_with_one_warning_naming_both_versions) {
  measured_and_waiting();
  const TallyCuptiFunctions newer = library_of(cupti_abi_version + 1, sizeof(TallyCuptiFunctions) + 8);
  const TallyCuptiFunctions resized = library_of(cupti_abi_version, sizeof(TallyCuptiFunctions) - 8);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(tally_cupti_attach(&newer), -1);
  EXPECT_EQ(tally_cupti_attach(&resized), -1);
  const std::vector<std::string> warnings = tally_lines(::testing::internal::GetCapturedStderr());
  EXPECT_EQ(starts, 0);
  ASSERT_EQ(warnings.size(), 1u);
  const std::string theirs = "speaks interface version " + std::to_string(cupti_abi_version + 1) + " (" +
                             std::to_string(sizeof(TallyCuptiFunctions) + 8) + " bytes)";
  const std::string ours = "libtally.so version " + std::to_string(cupti_abi_version) + " (" +
                           std::to_string(sizeof(TallyCuptiFunctions)) + " bytes)";
  EXPECT_NE(warnings[0].find(theirs), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find(ours), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("CUDA is not measured"), std::string::npos) << warnings[0];
}

// The libtally_cupti.so of tally builds before the interface had a version handed over four
// function pointers; the first of them now lands where the version is read.
struct UnversionedFunctions {
  int (*start)(const TallyCuptiSink* sink, char* error, std::size_t error_size);
  void (*flush)(int forced);
  void (*stop)();
  std::uint64_t (*dropped_records)();
};

TEST(CuptiAttach, a_library_from_before_versions_is_refused_without_calling_it) {
  measured_and_waiting();
  const UnversionedFunctions old{[](const TallyCuptiSink*, char*, std::size_t) {
                                   ++starts;
                                   return 0;
                                 },
                                 [](int) {}, [] {}, [] { return std::uint64_t{0}; }};
  // The bytes the old library passes, as libtally.so receives them.
  TallyCuptiFunctions received{};
  static_assert(sizeof old <= sizeof received);
  std::memcpy(&received, &old, sizeof old);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(tally_cupti_attach(&received), -1);
  // One warning per process: none if an earlier test of this process already said it.
  EXPECT_LE(tally_lines(::testing::internal::GetCapturedStderr()).size(), 1u);
  EXPECT_EQ(starts, 0);
}

TEST(CuptiAttach, a_library_of_this_version_is_started) {
  measured_and_waiting();
  const TallyCuptiFunctions current = library_of(cupti_abi_version, sizeof(TallyCuptiFunctions));
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(tally_cupti_attach(&current), 0);
  EXPECT_TRUE(tally_lines(::testing::internal::GetCapturedStderr()).empty());
  EXPECT_EQ(starts, 1);
}

} // namespace
} // namespace tally::profiler::cuda
