// SPDX-License-Identifier: BSD-3-Clause
// The CUPTI record struct versions tally reads, picked by the installed CUPTI's API version.
// One list for the converter (cupti_records.cpp) and the fake CUPTI of the tests, which writes them.
#pragma once

#include <cupti.h>

namespace tally::profiler::cuda {

// The newest record versions of CUPTI 13; older toolkits name older structs with the same
// leading fields.
#if CUPTI_API_VERSION >= 130000
using KernelRecord = CUpti_ActivityKernel10;
#else
using KernelRecord = CUpti_ActivityKernel9;
#endif
#if CUPTI_API_VERSION >= 26
using MemcpyRecord = CUpti_ActivityMemcpy6;
#else
using MemcpyRecord = CUpti_ActivityMemcpy5;
#endif
using PeerCopyRecord = CUpti_ActivityMemcpyPtoP4;
using MemsetRecord = CUpti_ActivityMemset4;
using DeviceRecord = CUpti_ActivityDevice5;

} // namespace tally::profiler::cuda
