// SPDX-License-Identifier: BSD-3-Clause
// Phases of known GPU activity, each a tally region, with the GPU's total energy counter read by
// the program itself at every visit's start and stop (NVML loaded here, not through tally), so
// that energy_check.py can compare the energy tally gives each region with the counter's own
// difference over the region's visits. Phases: `idle` (the context up, the GPU idle), `compute`
// (FMA chains on every SM), `memory` (device-to-device copies), then 20 visits of `burst` (50 ms
// of compute, 50 ms idle outside any region: shorter than tally's 100 ms between readings, where
// its attribution is only as good as its bound).
// Readings: `visit REGION START_MJ STOP_MJ ELAPSED_NS` per visit, then `run START_MJ STOP_MJ
// ELAPSED_NS` from the first reading (CUDA up) to the end of main.
// Usage: gpu_energy_phases READINGS_FILE [PHASE_MS=3000]
#include "busy_work.cuh"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <string>
#include <thread>
#include <vector>

namespace {

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "gpu_energy_phases: %s\n", what.c_str());
  std::exit(2);
}

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess) die(std::string(call) + ": " + cudaGetErrorString(status));
}

/// The first GPU's total energy counter (millijoules since the driver loaded), read through NVML
/// opened by this program, so the reference does not go through tally's reader.
class EnergyCounter {
public:
  EnergyCounter() {
    library_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library_) die(std::string("cannot load libnvidia-ml.so.1: ") + dlerror());
    const auto init = reinterpret_cast<int (*)()>(dlsym(library_, "nvmlInit_v2"));
    const auto handle_by_index =
        reinterpret_cast<int (*)(unsigned, void**)>(dlsym(library_, "nvmlDeviceGetHandleByIndex_v2"));
    total_energy_ =
        reinterpret_cast<int (*)(void*, unsigned long long*)>(dlsym(library_, "nvmlDeviceGetTotalEnergyConsumption"));
    if (!init || !handle_by_index || !total_energy_) die("libnvidia-ml.so.1 lacks the functions used");
    if (init() != 0 || handle_by_index(0, &device_) != 0) die("NVML cannot open GPU 0");
  }

  unsigned long long millijoules() const {
    unsigned long long value = 0;
    if (total_energy_(device_, &value) != 0) die("GPU 0 has no total energy counter");
    return value;
  }

private:
  void* library_ = nullptr;
  void* device_ = nullptr;
  int (*total_energy_)(void*, unsigned long long*) = nullptr;
};

/// Tally's region calls when tally is preloaded; nothing otherwise.
struct Regions {
  int (*register_region)(const char*) = reinterpret_cast<int (*)(const char*)>(dlsym(RTLD_DEFAULT,
                                                                                     "tally_region_register"));
  void (*start)(int) = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "tally_region_start"));
  void (*stop)(int) = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "tally_region_stop"));
};

/// Eight independent FMA chains per thread until `ms` of GPU time passed: the SMs' arithmetic
/// units kept busy, unlike busy_work.cuh's single chain.
__global__ void fma_work(double ms, float* sink) {
  unsigned long long start = 0;
  unsigned long long now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  const auto duration = static_cast<unsigned long long>(ms * 1e6);
  float chains[8];
  for (int j = 0; j < 8; ++j)
    chains[j] = static_cast<float>(threadIdx.x + j);
  do {
    for (int i = 0; i < 256; ++i)
      for (float& chain : chains)
        chain = fmaf(chain, 0.9999f, 0.0001f);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < duration);
  float sum = 0.0f;
  for (const float chain : chains)
    sum += chain;
  if (sum == -1.0f) *sink = sum; // never true; keeps the chains from being optimised away
}

class Phases {
public:
  Phases(const char* readings, double phase_ms) : phase_ms_(phase_ms) {
    out_ = std::fopen(readings, "w");
    if (!out_) die(std::string("cannot write ") + readings);
    check(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
    check(cudaMalloc(&sink_, sizeof(float)), "cudaMalloc");
    check(cudaMalloc(&from_, copy_bytes), "cudaMalloc");
    check(cudaMalloc(&to_, copy_bytes), "cudaMalloc");
    check(cudaMemset(from_, 1, copy_bytes), "cudaMemset");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    run_start_mj_ = counter_.millijoules();
    run_start_ms_ = tally_examples::now_ms();
  }

  ~Phases() {
    std::fprintf(out_, "run %llu %llu %.0f\n", run_start_mj_, counter_.millijoules(),
                 (tally_examples::now_ms() - run_start_ms_) * 1e6);
    std::fclose(out_);
  }

  void idle() {
    visit("idle", [&] { std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(phase_ms_)); });
  }

  void compute(const char* region, double ms) {
    visit(region, [&] {
      fma_work<<<sms_ * 8, 256>>>(ms, sink_);
      check(cudaGetLastError(), "fma_work");
    });
  }

  void memory() {
    visit("memory", [&] {
      const double until = tally_examples::now_ms() + phase_ms_;
      while (tally_examples::now_ms() < until) {
        for (int i = 0; i < 20; ++i)
          check(cudaMemcpyAsync(to_, from_, copy_bytes, cudaMemcpyDeviceToDevice), "cudaMemcpyAsync");
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
      }
    });
  }

  double phase_ms() const { return phase_ms_; }

private:
  static constexpr std::size_t copy_bytes = std::size_t{1} << 30;

  /// One visit: the counter read, the region started, the work done and waited for, the region
  /// stopped, the counter read again.
  template <class Work> void visit(const char* region, Work work) {
    const int id = regions_.register_region ? regions_.register_region(region) : 0;
    const unsigned long long start_mj = counter_.millijoules();
    const double start_ms = tally_examples::now_ms();
    if (regions_.start) regions_.start(id);
    work();
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    if (regions_.stop) regions_.stop(id);
    const double elapsed_ns = (tally_examples::now_ms() - start_ms) * 1e6;
    std::fprintf(out_, "visit %s %llu %llu %.0f\n", region, start_mj, counter_.millijoules(), elapsed_ns);
  }

  double phase_ms_;
  std::FILE* out_ = nullptr;
  EnergyCounter counter_;
  Regions regions_;
  int sms_ = 1;
  float* sink_ = nullptr;
  void* from_ = nullptr;
  void* to_ = nullptr;
  unsigned long long run_start_mj_ = 0;
  double run_start_ms_ = 0;
};

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) die("usage: gpu_energy_phases READINGS_FILE [PHASE_MS=3000]");
  const double phase_ms = argc > 2 ? std::atof(argv[2]) : 3000.0;
  if (phase_ms <= 0) die(std::string("PHASE_MS must be a positive number of milliseconds, not ") + argv[2]);
  Phases phases(argv[1], phase_ms);
  phases.idle();
  phases.compute("compute", phases.phase_ms());
  phases.memory();
  for (int burst = 0; burst < 20; ++burst) {
    phases.compute("burst", 50.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return 0;
}
