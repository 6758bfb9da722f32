// SPDX-License-Identifier: BSD-3-Clause
// The conversion of CUPTI activity records, with records built by hand as CUPTI lays them out
// in its buffers: no GPU and no libcupti needed, only cupti.h.
#include "cuda/cupti_records.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace tally::profiler::cuda {
namespace {

template <class Record> const CUpti_Activity& as_activity(const Record& record) {
  return *reinterpret_cast<const CUpti_Activity*>(&record);
}

TEST(CuptiRecords, a_concurrent_kernel_record_becomes_a_kernel) {
  CUpti_ActivityKernel10 record;
  std::memset(&record, 0, sizeof record);
  record.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
  record.start = 1000;
  record.end = 5000;
  record.deviceId = 1;
  record.streamId = 7;
  const auto activity = to_device_activity(as_activity(record));
  ASSERT_TRUE(activity.has_value());
  EXPECT_EQ(activity->kind, ActivityKind::kernel);
  EXPECT_EQ(activity->device, 1u);
  EXPECT_EQ(activity->stream, 7u);
  EXPECT_EQ(activity->begin_ns, 1000u);
  EXPECT_EQ(activity->end_ns, 5000u);
}

TEST(CuptiRecords, copy_and_memset_records_become_memory_operations) {
  CUpti_ActivityMemcpy6 copy;
  std::memset(&copy, 0, sizeof copy);
  copy.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
  copy.start = 10;
  copy.end = 20;
  copy.deviceId = 2;
  copy.streamId = 3;
  const auto converted_copy = to_device_activity(as_activity(copy));
  ASSERT_TRUE(converted_copy.has_value());
  EXPECT_EQ(converted_copy->kind, ActivityKind::memcpy);
  EXPECT_EQ(converted_copy->device, 2u);
  EXPECT_EQ(converted_copy->end_ns, 20u);

  CUpti_ActivityMemset4 set;
  std::memset(&set, 0, sizeof set);
  set.kind = CUPTI_ACTIVITY_KIND_MEMSET;
  set.start = 30;
  set.end = 35;
  set.deviceId = 0;
  const auto converted_set = to_device_activity(as_activity(set));
  ASSERT_TRUE(converted_set.has_value());
  EXPECT_EQ(converted_set->kind, ActivityKind::memset);
  EXPECT_EQ(converted_set->begin_ns, 30u);
}

TEST(CuptiRecords, a_device_record_gives_the_ordinal_and_uuid) {
  CUpti_ActivityDevice5 record;
  std::memset(&record, 0, sizeof record);
  record.kind = CUPTI_ACTIVITY_KIND_DEVICE;
  record.id = 3;
  for (int i = 0; i < 16; ++i)
    record.uuid.bytes[i] = static_cast<char>(i + 1);
  const auto identity = to_device_identity(as_activity(record));
  ASSERT_TRUE(identity.has_value());
  EXPECT_EQ(identity->first, 3u);
  EXPECT_EQ(identity->second[0], 1);
  EXPECT_EQ(identity->second[15], 16);
  EXPECT_FALSE(to_device_activity(as_activity(record)).has_value());
}

TEST(CuptiRecords, other_kinds_are_not_device_activity) {
  CUpti_Activity record{};
  record.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  EXPECT_FALSE(to_device_activity(record).has_value());
  EXPECT_FALSE(to_device_identity(record).has_value());
}

} // namespace
} // namespace tally::profiler::cuda
