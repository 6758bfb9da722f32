// SPDX-License-Identifier: BSD-3-Clause
/* The HIP runtime of the stand-in rocprofiler-sdk, for tests without an AMD GPU: timed operations on
 * stand-in GPUs whose kernel-dispatch and memory-copy records the stand-in's buffer delivers, each
 * call traced through the tool's HIP runtime API callback as ROCm traces the real ones. Times in
 * milliseconds; C and C++. */
#ifndef TALLY_STANDIN_HIP_H
#define TALLY_STANDIN_HIP_H

#ifdef __cplusplus
extern "C" {
#endif

/// What HIP's initialisation does for tools, once per process (later calls return the first
/// result): rocprofiler-register finds rocprofiler_configure among the loaded libraries and
/// rocprofiler-sdk calls it, then the tool's initialize, and registers its own exit handler that
/// calls the tool's finalize. STANDIN_HIP_DEVICES (default 1) GPUs and one CPU are its agents.
/// Returns 0, or -1 after one line `standin_hip: <why>` on stderr. The other calls initialise first.
int standin_hip_init(void);

/// Queues a kernel of `kernel_ms` on `device`, after what is queued there; returns at once. Traced
/// as hipLaunchKernel.
void standin_hip_launch(int device, double kernel_ms);

/// Queues a host-to-device copy of `copy_ms` on `device` and waits until it has ended. Traced as
/// hipMemcpy of 0 bytes, hipMemcpyHostToDevice.
void standin_hip_memcpy(int device, double copy_ms);

/// Queues a host-to-device copy of `copy_ms` on `device`; returns at once. Traced as hipMemcpyAsync
/// of 0 bytes, hipMemcpyHostToDevice.
void standin_hip_memcpy_async(int device, double copy_ms);

/// Spends `ms` in a runtime call that queues no device work (pinning host memory): offload time on
/// the host, idle time on the GPU. Traced as hipHostMalloc.
void standin_hip_host_call(double ms);

/// Waits until every operation queued on `device` has ended. Traced as hipDeviceSynchronize.
void standin_hip_synchronize(int device);

#ifdef __cplusplus
}
#endif

#endif /* TALLY_STANDIN_HIP_H */
