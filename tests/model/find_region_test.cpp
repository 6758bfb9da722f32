// SPDX-License-Identifier: BSD-3-Clause
// Finding a region by name: right for every region of a large run, and still right after the run
// is copied, grown, or has a region renamed in place (the index is a hint, never the answer).
#include "tally/model/run_document.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace tally::model {
namespace {

RunDocument run_with_regions(int count) {
  RunDocument document;
  for (int i = 0; i < count; ++i) {
    Region region;
    region.name = "region_" + std::to_string(i);
    document.regions.push_back(region);
  }
  return document;
}

TEST(FindRegion, every_region_of_a_large_run_is_found_and_an_absent_one_is_not) {
  const RunDocument document = run_with_regions(5000);
  for (int i = 0; i < 5000; i += 7) {
    const Region* found = find_region(document, "region_" + std::to_string(i));
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found, &document.regions[static_cast<std::size_t>(i)]);
  }
  EXPECT_EQ(find_region(document, "region_5000"), nullptr);
  EXPECT_EQ(find_region(document, "region"), nullptr);
}

/// Copies `document` (regions region_0 to region_99), renames region_42 in place and adds a
/// region, checking every look-up on the way; returns the changed run.
RunDocument copied_renamed_and_grown(RunDocument document) {
  const RunDocument copy = document;
  EXPECT_EQ(find_region(copy, "region_42"), &copy.regions[42]);
  document.regions[42].name = "renamed";
  EXPECT_EQ(find_region(document, "region_42"), nullptr);
  EXPECT_EQ(find_region(document, "renamed"), &document.regions[42]);
  Region added;
  added.name = "added";
  document.regions.push_back(added);
  EXPECT_EQ(find_region(document, "added"), &document.regions.back());
  return document;
}

TEST(FindRegion, a_copy_a_grown_run_and_a_region_renamed_in_place_are_found_right) {
  RunDocument document = run_with_regions(100);
  ASSERT_NE(find_region(document, "region_42"), nullptr);
  document = copied_renamed_and_grown(std::move(document));
  EXPECT_EQ(find_region(document, "region_99"), &document.regions[99]);
}

TEST(FindRegion, a_small_run_is_searched_directly) {
  const RunDocument document = run_with_regions(3);
  EXPECT_EQ(find_region(document, "region_2"), &document.regions[2]);
  EXPECT_EQ(find_region(document, "region_3"), nullptr);
}

/// A run as load_runs leaves it: its regions indexed.
RunDocument indexed_run_with_regions(int count) {
  RunDocument document = run_with_regions(count);
  document.region_index = RegionIndex(document.regions);
  return document;
}

TEST(FindRegion, every_region_of_an_indexed_run_is_found_at_its_position_and_an_absent_one_is_not) {
  const RunDocument document = indexed_run_with_regions(5000);
  for (int i = 0; i < 5000; ++i)
    ASSERT_EQ(find_region(document, "region_" + std::to_string(i)), &document.regions[static_cast<std::size_t>(i)]);
  EXPECT_EQ(find_region(document, "region_5000"), nullptr);
  EXPECT_EQ(find_region(document, ""), nullptr);
}

TEST(FindRegion, an_indexed_run_copied_grown_shrunk_or_renamed_in_place_gives_no_wrong_region) {
  // The index holds positions, not addresses: a copy's is as good as the original's.
  RunDocument document = copied_renamed_and_grown(indexed_run_with_regions(100));
  EXPECT_EQ(find_region(document, "region_99"), &document.regions[99]);
  document.regions.resize(50); // positions 50 to 100 indexed, gone now
  EXPECT_EQ(find_region(document, "region_99"), nullptr);
  EXPECT_EQ(find_region(document, "region_49"), &document.regions[49]);
}

TEST(FindRegion, of_two_regions_of_one_name_the_index_gives_the_first_as_a_search_does) {
  RunDocument document = run_with_regions(20);
  document.regions[15].name = "region_3";
  EXPECT_EQ(find_region(document, "region_3"), &document.regions[3]);
  document.region_index = RegionIndex(document.regions);
  EXPECT_EQ(find_region(document, "region_3"), &document.regions[3]);
}

TEST(FindRegion, documents_equal_but_for_their_index_compare_equal) {
  EXPECT_EQ(run_with_regions(20), indexed_run_with_regions(20));
}

} // namespace
} // namespace tally::model
