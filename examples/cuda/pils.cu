// SPDX-License-Identifier: BSD-3-Clause
// pils: a synthetic MPI + CUDA benchmark in the spirit of the PILS benchmark of the TALP GPU
// metrics paper. Each iteration, every rank runs a kernel of a given length on its GPU, CPU
// work of a given length, and copies between host and device, then meets the others in
// MPI_Barrier; per-rank lists and imbalance factors shape the seven use cases of README.md.
#include "busy_work.cuh"

#include <cuda_runtime.h>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

namespace {

using tally_examples::cpu_work;
using tally_examples::gpu_work;
using tally_examples::now_ms;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "pils: %s: %s\n", what, cudaGetErrorString(status));
  MPI_Abort(MPI_COMM_WORLD, 2);
}

struct Options {
  int iterations = 10;
  std::vector<double> cpu_ms{10};
  std::vector<double> gpu_ms{10};
  std::vector<double> copies{0}; // host-to-device + device-to-host pairs per iteration
  std::vector<double> buffer_mb{16};
  std::vector<double> async_copies{0}; // 1: queue the copies and go on to MPI
  std::vector<double> overlap{0};      // 1: kernel and copies run while the CPU works
  double cpu_imbalance = 1.0;          // the last rank's CPU work over the first's
  double gpu_imbalance = 1.0;          // the last rank's kernel time over the first's
};

// "a,b,c": one value per rank; ranks past the list take its last value.
std::vector<double> parse_list(const char* text) {
  std::vector<double> values;
  std::string item;
  for (const char* c = text;; ++c) {
    if (*c == ',' || *c == '\0') {
      values.push_back(std::atof(item.c_str()));
      item.clear();
      if (*c == '\0') break;
    } else {
      item += *c;
    }
  }
  return values;
}

double for_rank(const std::vector<double>& values, int rank) {
  return values[std::min<std::size_t>(static_cast<std::size_t>(rank), values.size() - 1)];
}

// Linear from 1 on rank 0 to `factor` on the last rank.
double ramp(double factor, int rank, int ranks) { return ranks > 1 ? 1.0 + (factor - 1.0) * rank / (ranks - 1) : 1.0; }

bool parse(int argc, char** argv, Options& options) {
  const struct {
    const char* name;
    std::vector<double>* values;
  } lists[] = {{"--cpu-ms", &options.cpu_ms},
               {"--gpu-ms", &options.gpu_ms},
               {"--copies", &options.copies},
               {"--buffer-mb", &options.buffer_mb},
               {"--async-copies", &options.async_copies},
               {"--overlap", &options.overlap}};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string name = argv[i];
    const char* value = argv[i + 1];
    const auto list = std::find_if(std::begin(lists), std::end(lists), [&](const auto& l) { return name == l.name; });
    if (list != std::end(lists)) {
      *list->values = parse_list(value);
    } else if (name == "--iterations") {
      options.iterations = std::atoi(value);
    } else if (name == "--cpu-imbalance") {
      options.cpu_imbalance = std::atof(value);
    } else if (name == "--gpu-imbalance") {
      options.gpu_imbalance = std::atof(value);
    } else {
      return false;
    }
  }
  return argc % 2 == 1;
}

const char* usage = "usage: pils [--iterations N] [--cpu-ms LIST] [--gpu-ms LIST] [--copies LIST] "
                    "[--buffer-mb LIST] [--async-copies LIST] [--overlap LIST] [--cpu-imbalance F] "
                    "[--gpu-imbalance F]\n  LIST: one value per rank, comma-separated; the last one repeats\n";

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  Options options;
  if (!parse(argc, argv, options)) {
    if (rank == 0) std::fputs(usage, stderr);
    MPI_Finalize();
    return 1;
  }

  // One GPU per rank of a node, round robin when there are more ranks than GPUs.
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int local_rank = 0;
  MPI_Comm_rank(node, &local_rank);
  int devices = 0;
  check(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
  check(cudaSetDevice(local_rank % devices), "cudaSetDevice");
  int sms = 1;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, local_rank % devices), "cudaDeviceGetAttribute");

  const double cpu_ms = for_rank(options.cpu_ms, rank) * ramp(options.cpu_imbalance, rank, ranks);
  const double gpu_ms = for_rank(options.gpu_ms, rank) * ramp(options.gpu_imbalance, rank, ranks);
  const int copies = static_cast<int>(for_rank(options.copies, rank));
  const auto bytes = static_cast<std::size_t>(for_rank(options.buffer_mb, rank) * 1024 * 1024);
  const bool async_copies = for_rank(options.async_copies, rank) != 0;
  const bool overlap = for_rank(options.overlap, rank) != 0;

  cudaStream_t compute = nullptr;
  cudaStream_t transfer = nullptr;
  check(cudaStreamCreate(&compute), "cudaStreamCreate");
  check(cudaStreamCreate(&transfer), "cudaStreamCreate");
  char* host = nullptr;
  char* device = nullptr;
  float* sink = nullptr;
  if (copies > 0 && bytes > 0) {
    check(cudaMallocHost(&host, bytes), "cudaMallocHost"); // pinned, so async copies are async
    check(cudaMalloc(&device, bytes), "cudaMalloc");
    std::memset(host, 1, bytes);
  }
  check(cudaMalloc(&sink, sizeof(float)), "cudaMalloc");

  // In sequence (PILS): kernel and wait, CPU work, copies. With overlap the copies go on their
  // own stream and the kernel on another, both queued before the CPU works.
  auto queue_copies = [&](cudaStream_t stream) {
    for (int c = 0; c < copies && host; ++c) {
      check(cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync");
      check(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, stream), "cudaMemcpyAsync");
    }
  };
  double checksum = 0.0;
  const double start = now_ms();
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    if (overlap) {
      if (gpu_ms > 0) gpu_work<<<sms, 128, 0, compute>>>(gpu_ms, sink);
      queue_copies(transfer);
      checksum += cpu_work(cpu_ms);
      check(cudaStreamSynchronize(compute), "cudaStreamSynchronize");
      check(cudaStreamSynchronize(transfer), "cudaStreamSynchronize");
    } else {
      if (gpu_ms > 0) gpu_work<<<sms, 128, 0, compute>>>(gpu_ms, sink);
      check(cudaStreamSynchronize(compute), "cudaStreamSynchronize"); // also waits for queued copies
      checksum += cpu_work(cpu_ms);
      queue_copies(compute);
      if (!async_copies) check(cudaStreamSynchronize(compute), "cudaStreamSynchronize");
    }
    check(cudaGetLastError(), "gpu_work");
    MPI_Barrier(MPI_COMM_WORLD);
  }
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  const double elapsed = now_ms() - start;

  std::printf("pils: rank %d of %d on GPU %d: %d iterations, cpu %.1f ms, gpu %.1f ms, %d x 2 copies of %zu bytes%s%s, "
              "%.1f ms (checksum %g)\n",
              rank, ranks, local_rank % devices, options.iterations, cpu_ms, gpu_ms, copies, bytes,
              async_copies ? " (async)" : "", overlap ? ", overlapped" : "", elapsed, checksum);
  if (host) check(cudaFreeHost(host), "cudaFreeHost");
  if (device) check(cudaFree(device), "cudaFree");
  check(cudaFree(sink), "cudaFree");
  check(cudaStreamDestroy(compute), "cudaStreamDestroy");
  check(cudaStreamDestroy(transfer), "cudaStreamDestroy");
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
