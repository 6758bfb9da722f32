// SPDX-License-Identifier: BSD-3-Clause
// The field mapping of CUPTI activity records, per record version of the installed CUPTI.
#include "cuda/cupti_records.hpp"

#include "cuda/cupti_record_types.hpp"

#include <cstring>

namespace tally::profiler::cuda {
namespace {

template <class Record> DeviceActivity convert(const CUpti_Activity& base, ActivityKind kind) {
  // CUPTI's records are packed; copy out instead of binding references to their fields.
  Record record;
  std::memcpy(&record, &base, sizeof record);
  return {.device = record.deviceId,
          .kind = kind,
          .stream = record.streamId,
          .begin_ns = record.start,
          .end_ns = record.end};
}

} // namespace

std::optional<DeviceActivity> to_device_activity(const CUpti_Activity& record) {
  switch (record.kind) {
  case CUPTI_ACTIVITY_KIND_KERNEL:
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: return convert<KernelRecord>(record, ActivityKind::kernel);
  case CUPTI_ACTIVITY_KIND_MEMCPY: return convert<MemcpyRecord>(record, ActivityKind::memcpy);
  case CUPTI_ACTIVITY_KIND_MEMCPY2: return convert<PeerCopyRecord>(record, ActivityKind::memcpy);
  case CUPTI_ACTIVITY_KIND_MEMSET: return convert<MemsetRecord>(record, ActivityKind::memset);
  default: return std::nullopt;
  }
}

std::optional<std::pair<std::uint32_t, DeviceUuid>> to_device_identity(const CUpti_Activity& base) {
  if (base.kind != CUPTI_ACTIVITY_KIND_DEVICE) return std::nullopt;
  DeviceRecord record;
  std::memcpy(&record, &base, sizeof record);
  DeviceUuid uuid{};
  static_assert(sizeof record.uuid.bytes == sizeof uuid);
  std::memcpy(uuid.data(), record.uuid.bytes, uuid.size());
  const std::uint32_t device = record.id;
  return std::pair{device, uuid};
}

} // namespace tally::profiler::cuda
