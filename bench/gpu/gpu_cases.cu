// SPDX-License-Identifier: BSD-3-Clause
// The use cases of examples/cuda/README.md that one GPU and one process allow, plus nested
// regions, CUDA started inside a region, a CUDA graph and stream-ordered allocation, each
// timing itself (CaseRecorder) so that gpu_check can compute what tally should report.
// Usage: gpu_cases CASE TIMINGS_FILE
#include "case_recorder.cuh"

#include <cstring>

namespace {

using tally_bench::CaseRecorder;
using tally_examples::cpu_work;
using tally_examples::gpu_work;

constexpr int steps = 5;
constexpr std::size_t mib = std::size_t{1} << 20;

/// What every case uses: two streams, a pinned host buffer and a device buffer.
struct Device {
  CaseRecorder& recorder;
  cudaStream_t compute = nullptr;
  cudaStream_t transfer = nullptr;
  int sms = 1;
  float* sink = nullptr;
  char* host = nullptr;
  char* device = nullptr;
  std::size_t bytes = 0;

  Device(CaseRecorder& r, std::size_t buffer_bytes) : recorder(r), bytes(buffer_bytes) {
    recorder.cuda("cudaStreamCreate", [&] { return cudaStreamCreate(&compute); });
    recorder.cuda("cudaStreamCreate", [&] { return cudaStreamCreate(&transfer); });
    recorder.cuda("cudaDeviceGetAttribute",
                  [&] { return cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0); });
    recorder.cuda("cudaMalloc", [&] { return cudaMalloc(&sink, sizeof(float)); });
    recorder.cuda("cudaMallocHost", [&] { return cudaMallocHost(&host, bytes); }); // pinned: async copies are async
    recorder.cuda("cudaMalloc", [&] { return cudaMalloc(&device, bytes); });
    std::memset(host, 1, bytes);
  }

  void kernel(double ms, cudaStream_t stream) {
    recorder.operation(true, stream, "gpu_work", [&] {
      gpu_work<<<sms, 128, 0, stream>>>(ms, sink);
      return cudaGetLastError();
    });
  }

  // One copy of the whole buffer each way.
  void copies(cudaStream_t stream) {
    recorder.operation(false, stream, "cudaMemcpyAsync",
                       [&] { return cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, stream); });
    recorder.operation(false, stream, "cudaMemcpyAsync",
                       [&] { return cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, stream); });
  }

  void wait(cudaStream_t stream) {
    recorder.cuda("cudaStreamSynchronize", [&] { return cudaStreamSynchronize(stream); });
  }
};

// 1, loaded GPU: an 80 ms kernel and its wait, then 15 ms on the CPU.
void loaded_gpu(Device& gpu) {
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    gpu.kernel(80, gpu.compute);
    gpu.wait(gpu.compute);
    cpu_work(15);
    gpu.recorder.stop("step");
  }
}

// 2, loaded CPU: a 10 ms kernel, 80 ms on the CPU, 8 MiB each way.
void loaded_cpu(Device& gpu) {
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    gpu.kernel(10, gpu.compute);
    gpu.wait(gpu.compute);
    cpu_work(80);
    gpu.copies(gpu.compute);
    gpu.wait(gpu.compute);
    gpu.recorder.stop("step");
  }
}

// 6, data movement bound: a 20 ms kernel, 10 ms on the CPU, four times 256 MiB each way.
void data_movement(Device& gpu) {
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    gpu.kernel(20, gpu.compute);
    cpu_work(10);
    for (int c = 0; c < 4; ++c)
      gpu.copies(gpu.compute);
    gpu.wait(gpu.compute);
    gpu.recorder.stop("step");
  }
}

// 7, overlapped streams: two 40 ms kernels on two streams (merged into one busy time), 64 MiB
// each way on a third stream under them, while the CPU works 50 ms.
void overlapped_streams(Device& gpu) {
  cudaStream_t third = nullptr;
  gpu.recorder.cuda("cudaStreamCreate", [&] { return cudaStreamCreate(&third); });
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    gpu.kernel(40, gpu.compute);
    gpu.kernel(40, third);
    gpu.copies(gpu.transfer);
    cpu_work(50);
    gpu.wait(gpu.compute);
    gpu.wait(third);
    gpu.wait(gpu.transfer);
    gpu.recorder.stop("step");
  }
}

// Little work offloaded: 90 ms on the CPU, a 2 ms kernel.
void little_offload(Device& gpu) {
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    cpu_work(90);
    gpu.kernel(2, gpu.compute);
    gpu.wait(gpu.compute);
    gpu.recorder.stop("step");
  }
}

// Nested regions: "outer" holds "gpu_part" (a 30 ms kernel), a 32 MiB copy each way, and
// "cpu_part" (20 ms on the CPU).
void nested_regions(Device& gpu) {
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("outer");
    gpu.recorder.start("gpu_part");
    gpu.kernel(30, gpu.compute);
    gpu.wait(gpu.compute);
    gpu.recorder.stop("gpu_part");
    gpu.copies(gpu.compute);
    gpu.wait(gpu.compute);
    gpu.recorder.start("cpu_part");
    cpu_work(20);
    gpu.recorder.stop("cpu_part");
    gpu.recorder.stop("outer");
  }
}

// A CUDA graph of three 10 ms kernels launched each step, with 20 ms on the CPU while it runs.
void graph(Device& gpu) {
  cudaGraph_t captured = nullptr;
  cudaGraphExec_t executable = nullptr;
  gpu.recorder.cuda("cudaStreamBeginCapture",
                    [&] { return cudaStreamBeginCapture(gpu.transfer, cudaStreamCaptureModeGlobal); });
  for (int k = 0; k < 3; ++k) {
    gpu.recorder.cuda("gpu_work", [&] {
      gpu_work<<<gpu.sms, 128, 0, gpu.transfer>>>(10, gpu.sink);
      return cudaGetLastError();
    });
  }
  gpu.recorder.cuda("cudaStreamEndCapture", [&] { return cudaStreamEndCapture(gpu.transfer, &captured); });
  gpu.recorder.cuda("cudaGraphInstantiate", [&] { return cudaGraphInstantiate(&executable, captured, 0); });
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    // The graph's kernels run back to back: one operation from its first begin to its last end.
    gpu.recorder.operation(true, gpu.compute, "cudaGraphLaunch",
                           [&] { return cudaGraphLaunch(executable, gpu.compute); });
    cpu_work(20);
    gpu.wait(gpu.compute);
    gpu.recorder.stop("step");
  }
}

// Stream-ordered allocation: each step allocates 64 MiB on the stream, sets it (a memory
// operation), runs a 20 ms kernel and frees it, while the CPU works 10 ms.
void async_memory(Device& gpu) {
  constexpr std::size_t bytes = 64 * mib;
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    void* scratch = nullptr;
    gpu.recorder.cuda("cudaMallocAsync", [&] { return cudaMallocAsync(&scratch, bytes, gpu.compute); });
    gpu.recorder.operation(false, gpu.compute, "cudaMemsetAsync",
                           [&] { return cudaMemsetAsync(scratch, 0, bytes, gpu.compute); });
    gpu.kernel(20, gpu.compute);
    gpu.recorder.cuda("cudaFreeAsync", [&] { return cudaFreeAsync(scratch, gpu.compute); });
    cpu_work(10);
    gpu.wait(gpu.compute);
    gpu.recorder.stop("step");
  }
}

struct Case {
  const char* name;
  void (*run)(Device&);
  std::size_t buffer_bytes;
};

constexpr Case cases[] = {
    {"loaded_gpu", loaded_gpu, mib},
    {"loaded_cpu", loaded_cpu, 8 * mib},
    {"data_movement", data_movement, 256 * mib},
    {"overlapped_streams", overlapped_streams, 64 * mib},
    {"little_offload", little_offload, mib},
    {"nested_regions", nested_regions, 32 * mib},
    {"graph", graph, mib},
    {"async_memory", async_memory, mib},
};

// CUDA started inside a region: "before" works 20 ms on the CPU, initialises CUDA (offload
// time, and the moment tally's device window opens), then runs a 30 ms kernel. One visit.
void late_init(CaseRecorder& recorder) {
  recorder.start("before");
  cpu_work(20);
  recorder.cuda("cudaFree", [] { return cudaFree(nullptr); });
  Device gpu(recorder, mib);
  gpu.kernel(30, gpu.compute);
  gpu.wait(gpu.compute);
  recorder.stop("before");
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fputs("usage: gpu_cases CASE TIMINGS_FILE\n  CASE: late_init", stderr);
    for (const Case& c : cases)
      std::fprintf(stderr, " %s", c.name);
    std::fputc('\n', stderr);
    return 1;
  }
  CaseRecorder recorder;
  if (std::strcmp(argv[1], "late_init") == 0) {
    late_init(recorder);
    recorder.write(argv[2], argv[1]);
    return 0;
  }
  for (const Case& c : cases) {
    if (std::strcmp(argv[1], c.name) != 0) continue;
    recorder.cuda("cudaFree", [] { return cudaFree(nullptr); }); // CUDA starts before any region
    Device gpu(recorder, c.buffer_bytes);
    c.run(gpu);
    recorder.write(argv[2], argv[1]);
    return 0;
  }
  std::fprintf(stderr, "gpu_cases: unknown case %s\n", argv[1]);
  return 1;
}
