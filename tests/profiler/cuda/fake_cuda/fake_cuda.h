// SPDX-License-Identifier: BSD-3-Clause
/* The fake CUDA runtime of the fake libcupti.so, for tests without a GPU: timed operations on
 * fake devices and streams whose records the fake CUPTI delivers, each call traced through the
 * CUPTI subscriber like the real runtime's. Times are in milliseconds; C and C++. */
#ifndef TALLY_FAKE_CUDA_H
#define TALLY_FAKE_CUDA_H

#ifdef __cplusplus
extern "C" {
#endif

/// What the driver's cuInit does for tools, once per process (later calls return the first
/// result): loads CUDA_INJECTION64_PATH if set and calls its InitializeInjection, then describes
/// the FAKE_CUDA_DEVICES (default 1) devices to CUPTI. Returns 0, or -1 after one line
/// `fake_cuda: <why>` on stderr. The other calls initialise first if needed, like the runtime.
int fake_cuda_init(void);

/// Queues a kernel of `kernel_ms` on (device, stream), after what is queued there; returns at once.
void fake_cuda_launch(int device, int stream, double kernel_ms);

/// Queues a host-to-device copy of `copy_ms` on (device, stream); returns at once. Traced as a
/// cudaMemcpyAsync of 0 bytes host to device.
void fake_cuda_memcpy_async(int device, int stream, double copy_ms);

/// Queues a host-to-device copy of `copy_ms` on (device, stream) and waits until it has ended.
/// Traced as a cudaMemcpy of 0 bytes host to device.
void fake_cuda_memcpy(int device, int stream, double copy_ms);

/// Queues a copy of `bytes` in direction `kind` (cudaMemcpyKind's values: 0 host to host, 1 host
/// to device, 2 device to host, 3 device to device, 4 default) taking `copy_ms` on (device,
/// stream); returns at once. Traced as cudaMemcpyAsync with these arguments.
void fake_cuda_copy_async(int device, int stream, double copy_ms, unsigned long bytes, int kind);

/// Queues a copy of `bytes` from device `source` to `device` taking `copy_ms` on (device,
/// stream); returns at once. Traced as cudaMemcpyPeerAsync with these arguments.
void fake_cuda_copy_peer_async(int device, int source, int stream, double copy_ms, unsigned long bytes);

/// Queues a memset of `ms` on (device, stream); returns at once.
void fake_cuda_memset(int device, int stream, double ms);

/// Spends `ms` in a runtime call that queues no device work (an allocation, pinning host memory):
/// offload time on the host, idle time on the device. Traced as cudaMallocHost.
void fake_cuda_host_call(double ms);

/// Waits until every operation queued on `device` has ended.
void fake_cuda_synchronize(int device);

#ifdef __cplusplus
}
#endif

#endif /* TALLY_FAKE_CUDA_H */
