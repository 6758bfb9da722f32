// SPDX-License-Identifier: BSD-3-Clause
// What tally adds to a launch-heavy program: host time per empty kernel launch and per small
// copy (each the best of 5 rounds of N, queued back to back, then one wait), and a steady loop of
// 1 ms kernels each waited for. Run bare and under tally by run_all.sh; the differences are
// tally's. Usage: launch_overhead [N=100000]. Prints "launch_ns X", "copy_ns X", "steady_loop_ms X".
#include "busy_work.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace {

using tally_examples::now_ms;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "launch_overhead: %s: %s\n", what, cudaGetErrorString(status));
  std::exit(2);
}

__global__ void empty_kernel() {}

/// The best of 5 rounds of `calls` queued calls and one wait, in ns per call.
template <class Queue> double best_ns_per_call(long calls, cudaStream_t stream, Queue&& queue) {
  double best = 1e300;
  for (int round = 0; round < 5; ++round) {
    const double start = now_ms();
    for (long i = 0; i < calls; ++i)
      queue();
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    best = std::min(best, (now_ms() - start) * 1e6 / static_cast<double>(calls));
  }
  return best;
}

} // namespace

int main(int argc, char** argv) {
  const long calls = argc > 1 ? std::atol(argv[1]) : 100000;
  if (calls < 1) {
    std::fputs("usage: launch_overhead [N=100000]\n", stderr);
    return 1;
  }
  cudaStream_t stream = nullptr;
  check(cudaStreamCreate(&stream), "cudaStreamCreate");
  char* host = nullptr;
  char* device = nullptr;
  float* sink = nullptr;
  check(cudaMallocHost(&host, 64), "cudaMallocHost");
  check(cudaMalloc(&device, 64), "cudaMalloc");
  check(cudaMalloc(&sink, sizeof(float)), "cudaMalloc");

  const double launch_ns = best_ns_per_call(calls, stream, [&] { empty_kernel<<<1, 1, 0, stream>>>(); });
  check(cudaGetLastError(), "empty_kernel");
  const double copy_ns = best_ns_per_call(calls, stream, [&] {
    check(cudaMemcpyAsync(device, host, 64, cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync");
  });

  // An application's steady loop: 1000 kernels of 1 ms, each waited for.
  const double start = now_ms();
  for (int i = 0; i < 1000; ++i) {
    tally_examples::gpu_work<<<1, 32, 0, stream>>>(1.0, sink);
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  }
  const double steady_loop_ms = now_ms() - start;

  std::printf("launch_ns %.1f\ncopy_ns %.1f\nsteady_loop_ms %.1f\n", launch_ns, copy_ns, steady_loop_ms);
  return 0;
}
