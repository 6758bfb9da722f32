// SPDX-License-Identifier: BSD-3-Clause
// The use cases of examples/cuda/README.md that one GPU and one process allow, one rank of each
// of the TALP GPU paper's seven (paper_timelines.h), nested regions, CUDA started inside a region,
// a CUDA graph and stream-ordered allocation, each timing itself (CaseRecorder) so that gpu_check
// can compute what tally should report. Usage: gpu_cases CASE TIMINGS_FILE [RANK]
#include "case_recorder.cuh"
#include "paper_timelines.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
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

// A copy of the paper's scripts lasts its time as back-to-back copies of the whole buffer, host
// to device: how long one takes is measured first (the bus sets it, not the program).
double buffer_copy_ms(Device& gpu) {
  cudaEvent_t begin = nullptr;
  cudaEvent_t end = nullptr;
  tally_bench::check(cudaEventCreate(&begin), "cudaEventCreate");
  tally_bench::check(cudaEventCreate(&end), "cudaEventCreate");
  float best = 0.0f;
  for (int i = 0; i < 3; ++i) {
    float ms = 0.0f;
    tally_bench::check(cudaEventRecord(begin, gpu.compute), "cudaEventRecord");
    tally_bench::check(cudaMemcpyAsync(gpu.device, gpu.host, gpu.bytes, cudaMemcpyHostToDevice, gpu.compute),
                       "cudaMemcpyAsync");
    tally_bench::check(cudaEventRecord(end, gpu.compute), "cudaEventRecord");
    tally_bench::check(cudaEventSynchronize(end), "cudaEventSynchronize");
    tally_bench::check(cudaEventElapsedTime(&ms, begin, end), "cudaEventElapsedTime");
    best = i == 0 ? ms : std::min(best, ms);
  }
  return std::max(static_cast<double>(best), 1e-3);
}

// Plays one rank's script of the paper on this GPU's stream `compute`. A barrier has no other
// rank to meet in one process and is skipped: the MPI waits are what this leaves out, and each
// step ends by waiting for the GPU, so that every operation lies inside the step.
void play_paper(Device& gpu, const paper_step* script) {
  const double chunk_ms = buffer_copy_ms(gpu);
  auto copies = [&](double ms) {
    const long chunks = std::max(1L, std::lround(ms / chunk_ms));
    for (long c = 0; c < chunks; ++c)
      gpu.recorder.operation(false, gpu.compute, "cudaMemcpyAsync", [&] {
        return cudaMemcpyAsync(gpu.device, gpu.host, gpu.bytes, cudaMemcpyHostToDevice, gpu.compute);
      });
  };
  // Time in the runtime without device work: pinning and releasing 8 MiB until `ms` have passed.
  auto runtime = [&](double ms) {
    const double until = tally_examples::now_ms() + ms;
    while (tally_examples::now_ms() < until) {
      void* pinned = nullptr;
      gpu.recorder.cuda("cudaMallocHost", [&] { return cudaMallocHost(&pinned, 8 * mib); });
      gpu.recorder.cuda("cudaFreeHost", [&] { return cudaFreeHost(pinned); });
    }
  };
  for (int i = 0; i < steps; ++i) {
    gpu.recorder.start("step");
    for (const paper_step* step = script; step->action != paper_end; ++step) {
      for (int t = 0; t < step->times; ++t) {
        switch (step->action) {
        case paper_cpu: cpu_work(step->ms); break;
        case paper_runtime: runtime(step->ms); break;
        case paper_launch: gpu.kernel(step->ms, gpu.compute); break;
        case paper_copy:
          copies(step->ms);
          gpu.wait(gpu.compute);
          break;
        case paper_copy_async: copies(step->ms); break;
        case paper_sync: gpu.wait(gpu.compute); break;
        case paper_barrier:
        case paper_end: break;
        }
      }
    }
    gpu.wait(gpu.compute);
    gpu.recorder.stop("step");
  }
}

// The script of "paper_NAME" for `rank`, or nullptr.
const paper_step* paper_script(const char* name, int rank) {
  if (std::strncmp(name, "paper_", 6) != 0 || rank < 0 || rank > 1) return nullptr;
  for (const paper_use_case& use_case : paper_use_cases)
    if (std::strcmp(name + 6, use_case.name) == 0) return use_case.ranks[rank];
  return nullptr;
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
  if (argc != 3 && argc != 4) {
    std::fputs("usage: gpu_cases CASE TIMINGS_FILE [RANK]\n  CASE: late_init", stderr);
    for (const Case& c : cases)
      std::fprintf(stderr, " %s", c.name);
    for (const paper_use_case& use_case : paper_use_cases)
      std::fprintf(stderr, " paper_%s", use_case.name);
    std::fputs("\n  RANK: which rank of a paper case to play, 0 (default) or 1\n", stderr);
    return 1;
  }
  CaseRecorder recorder;
  if (const paper_step* script = paper_script(argv[1], argc == 4 ? std::atoi(argv[3]) : 0)) {
    recorder.cuda("cudaFree", [] { return cudaFree(nullptr); });
    Device gpu(recorder, 64 * mib);
    play_paper(gpu, script);
    recorder.write(argv[2], argv[1]);
    return 0;
  }
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
