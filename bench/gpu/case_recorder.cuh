// SPDX-License-Identifier: BSD-3-Clause
// What a bench/gpu program measures of itself, to compute the efficiencies tally should report:
// each region visit's host time and its time inside CUDA runtime calls (host clock), and the
// device operations that ran during it (CUDA events around each one). Written as a timings file
// that gpu_check reads (README.md, "Timings file").
#pragma once

#include "busy_work.cuh"

#include <cuda_runtime.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace tally_bench {

/// Exits with a message when a CUDA call failed: a bench program has nothing to measure then.
inline void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "bench/gpu: %s: %s\n", what, cudaGetErrorString(status));
  std::exit(2);
}

class CaseRecorder {
public:
  CaseRecorder() {
    // Looked up at run time: without the preload nothing of tally is loaded and regions cost 0.
    region_register_ = reinterpret_cast<int (*)(const char*)>(dlsym(RTLD_DEFAULT, "tally_region_register"));
    region_start_ = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "tally_region_start"));
    region_stop_ = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "tally_region_stop"));
  }

  /// Runs a CUDA runtime call, adding its host time to the offload time of every open visit:
  /// tally counts the time inside the runtime as offload, whatever the call.
  template <class Call> void cuda(const char* what, Call&& call) {
    const double start = tally_examples::now_ms();
    const cudaError_t status = call();
    const double ms = tally_examples::now_ms() - start;
    for (Visit& visit : visits_)
      if (visit.open) visit.offload_ms += ms;
    check(status, what);
  }

  /// A device operation on `stream` between two events, so that its device time is known.
  /// `queue` is the runtime call that queues it.
  template <class Queue> void operation(bool kernel, cudaStream_t stream, const char* what, Queue&& queue) {
    Operation op{kernel, nullptr, nullptr};
    cuda("cudaEventCreate", [&] { return cudaEventCreate(&op.begin); });
    cuda("cudaEventCreate", [&] { return cudaEventCreate(&op.end); });
    cuda("cudaEventRecord", [&] { return cudaEventRecord(op.begin, stream); });
    cuda(what, std::forward<Queue>(queue));
    cuda("cudaEventRecord", [&] { return cudaEventRecord(op.end, stream); });
    const std::size_t index = operations_.size();
    operations_.push_back(op);
    for (Visit& visit : visits_)
      if (visit.open) visit.operations.push_back(index);
  }

  /// Starts a visit of `region` (tally's region too, when tally is there). Visits nest.
  void start(const char* region) {
    visits_.push_back({region, tally_examples::now_ms(), 0.0, 0.0, {}, true});
    if (region_register_) region_start_(region_register_(region));
  }

  /// Ends the innermost open visit of `region`. The device must be idle: every operation of the
  /// visit has ended inside it, as the checker assumes.
  void stop(const char* region) {
    if (region_register_) region_stop_(region_register_(region));
    for (auto visit = visits_.rbegin(); visit != visits_.rend(); ++visit) {
      if (visit->open && visit->region == region) {
        visit->open = false;
        visit->stop_ms = tally_examples::now_ms();
        return;
      }
    }
  }

  /// Writes every visit and its operations, device times relative to the first operation's
  /// begin event. Call after the last visit, with the device idle.
  void write(const char* path, const char* name) {
    std::FILE* out = std::fopen(path, "w");
    if (!out) {
      std::perror(path);
      std::exit(2);
    }
    std::fprintf(out, "# bench/gpu %s: visit REGION ELAPSED_NS OFFLOAD_NS, then its kernel|memory BEGIN_NS END_NS\n",
                 name);
    for (const Visit& visit : visits_) {
      std::fprintf(out, "visit %s %.0f %.0f\n", visit.region.c_str(), (visit.stop_ms - visit.start_ms) * 1e6,
                   visit.offload_ms * 1e6);
      for (const std::size_t index : visit.operations) {
        const Operation& op = operations_[index];
        float begin_ms = 0.0f;
        float end_ms = 0.0f;
        check(cudaEventElapsedTime(&begin_ms, operations_.front().begin, op.begin), "cudaEventElapsedTime");
        check(cudaEventElapsedTime(&end_ms, operations_.front().begin, op.end), "cudaEventElapsedTime");
        std::fprintf(out, "%s %.0f %.0f\n", op.kernel ? "kernel" : "memory", static_cast<double>(begin_ms) * 1e6,
                     static_cast<double>(end_ms) * 1e6);
      }
    }
    if (std::fclose(out) != 0) {
      std::perror(path);
      std::exit(2);
    }
  }

private:
  struct Operation {
    bool kernel;
    cudaEvent_t begin;
    cudaEvent_t end;
  };
  struct Visit {
    std::string region;
    double start_ms;
    double stop_ms;
    double offload_ms;
    std::vector<std::size_t> operations;
    bool open;
  };
  int (*region_register_)(const char*) = nullptr;
  void (*region_start_)(int) = nullptr;
  void (*region_stop_)(int) = nullptr;
  std::vector<Operation> operations_;
  std::vector<Visit> visits_;
};

} // namespace tally_bench
