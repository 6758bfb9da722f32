# SPDX-License-Identifier: BSD-3-Clause
# CUDA ground truth without a GPU: offload_program (tests/profiler/cuda/fake_cuda) links a fake
# libcupti.so with a tiny CUDA runtime. Its fake cuInit loads CUDA_INJECTION64_PATH, which
# libtally.so set to the real libtally_cupti.so: the real injection, CUPTI callback and buffer
# code runs against the fake, and the values below are computed by hand from the scenarios'
# timelines (milliseconds, per step). Metric names: model/run_metrics.
set(offload $<TARGET_FILE:offload_program>)

# overlap, 1 rank: host 60 useful; kernels 100 (stream 0) and 50 (stream 1) merged into 100;
# a 30 copy on stream 2 hidden behind them; synchronize (100 in the runtime), then a blocking
# 40 copy. T = 200, U = 60, offload W = 140, K = 100, D = 40.
# Offload efficiency 60/200 = 0.30; device parallel efficiency 100/200 = 0.50 = load balance 1
# x communication 100/140 = 0.714 x orchestration 140/200 = 0.70.
tally_preload_test(cuda_offload_and_device_efficiency_of_overlapping_kernels_and_copies
  CHECKS step:device_offload_efficiency:0.30:0.03 step:parallel_efficiency:0.30:0.03
         step:device_parallel_efficiency:0.50:0.03 step:device_load_balance:1.0:0.01
         step:device_communication_efficiency:0.714:0.03 step:device_orchestration_efficiency:0.70:0.03
         step:devices:1 step:visits:4 step:within:Global
         step:product:device_parallel_efficiency:device_load_balance,device_communication_efficiency,device_orchestration_efficiency
         step:product:parallel_efficiency:mpi_parallel_efficiency,device_offload_efficiency
  COMMAND ${mpirun} -np 1 ${offload} overlap 4)

# imbalance, 2 ranks on 2 emulated nodes, one GPU each: host 50 useful, kernel (rank+1) x 50,
# synchronize, barrier. Rank 0: U 50, W 50, MPI 50; rank 1: U 50, W 100. T = 150.
# Host: offload 100/250 = 0.40, MPI load balance 125/150 = 0.833, parallel efficiency 100/300.
# Devices N = 2, K = 50 and 100: load balance 150/(2 x 100) = 0.75, communication 1,
# orchestration 100/150 = 0.667, parallel efficiency 150/300 = 0.50.
tally_preload_test(cuda_device_load_balance_of_two_ranks_with_a_gpu_each
  ENV TALLY_RANKS_PER_NODE=1
  CHECKS step:device_offload_efficiency:0.40:0.03 step:mpi_load_balance:0.833:0.03
         step:parallel_efficiency:0.333:0.03 step:devices:2 step:device_load_balance:0.75:0.03
         step:device_communication_efficiency:1.0:0.01 step:device_orchestration_efficiency:0.667:0.03
         step:device_parallel_efficiency:0.50:0.03
  COMMAND ${mpirun} -np 2 ${offload} imbalance 4)

# The same two ranks on one node driving one GPU (same UUID): the device counts once, its busy
# time is both ranks' kernels, 50 + 100 = 150 = T: device parallel efficiency 1.
tally_preload_test(cuda_gpu_shared_by_the_ranks_of_a_node_counts_once
  ENV TALLY_RANKS_PER_NODE=2 FAKE_CUDA_SHARED_GPU=1
  CHECKS step:devices:1 step:device_parallel_efficiency:1.0:0.03 step:device_load_balance:1.0:0.01
         step:device_offload_efficiency:0.40:0.03
  COMMAND ${mpirun} -np 2 ${offload} imbalance 4)

# straddle: a 100 kernel launched in "first" (60 long) runs 40 into "second" (synchronize):
# split at the boundary, each region's device is busy all along (efficiency 1); "second" is all
# offload time on the host.
tally_preload_test(cuda_kernel_spanning_a_region_boundary_is_split_between_the_regions
  CHECKS first:device_parallel_efficiency:1.0:0.03 second:device_parallel_efficiency:1.0:0.05
         first:device_offload_efficiency:1.0:0.03 second:device_offload_efficiency:0.0:0.05
  COMMAND ${mpirun} -np 1 ${offload} straddle 4)

# late_init: region "before" is open when CUDA starts (after 50 of host work): its device window
# opens then; a 50 kernel and its synchronize follow. T = 100, K = 50, U = 50, W = 50.
tally_preload_test(cuda_started_inside_an_open_region_counts_from_there
  CHECKS before:device_parallel_efficiency:0.50:0.03 before:device_offload_efficiency:0.50:0.03
         before:devices:1
  COMMAND ${mpirun} -np 1 ${offload} late_init)

# A program that never initialises CUDA never loads libtally_cupti.so (the program exits 3 if
# it finds it loaded) and has neither offload nor device metrics; 2 ranks x 4 visits.
tally_preload_test(cuda_program_without_cuda_never_loads_cupti
  CHECKS step:device_offload_efficiency:absent step:device_parallel_efficiency:absent step:visits:8
  COMMAND ${mpirun} -np 2 ${offload} cpu_only 4)

# TALLY_CUDA=off: CUDA runs unmeasured (the driver is not told to load tally's library).
tally_preload_test(cuda_measurement_switched_off_leaves_no_device_metrics
  ENV TALLY_CUDA=off
  CHECKS step:device_offload_efficiency:absent step:device_parallel_efficiency:absent
  COMMAND ${mpirun} -np 1 ${offload} overlap 2)

# What CUPTI's documentation says the driver does and the fake now does too (profiler/cuda/README.md,
# "What the real driver does"). many_kernels: 8000 kernels of 0.04 ms back to back in "burst"
# (K = 320 ms, busy from the first launch to the wait's end: device parallel efficiency 1, no
# memory time), their records over several 1 MiB buffers, and 8000 visits of "tick" inside it,
# so that tally flushes (default flush, which withholds buffers with a kernel still running)
# and settles while kernels run.
tally_preload_test(cuda_many_short_kernels_over_several_buffers_and_flushes_add_up
  CHECKS burst:device_parallel_efficiency:1.0:0.05 burst:device_communication_efficiency:1.0:0.01
         burst:visits:1 burst:devices:1 tick:visits:8000 tick:within:burst
  COMMAND ${mpirun} -np 1 ${offload} many_kernels 1)

# unfinished: "tail" (T = 400) launches a 400 ms kernel after 200 ms and ends 200 ms later, the
# kernel still running; nobody waits for it. At the run's end CUPTI's forced flush hands its
# record over in progress (end 0): tally counts it until then, so "tail" holds its first 200 ms:
# device parallel efficiency 200/400 = 0.50 (ignoring the record would leave "tail" no device).
tally_preload_test(cuda_kernel_still_running_at_the_end_counts_until_then
  CHECKS tail:device_parallel_efficiency:0.50:0.03 tail:devices:1 tail:visits:1
  COMMAND ${mpirun} -np 1 ${offload} unfinished 1)

# The same without MPI (teardown_program): the run ends at exit, after the CUDA runtime's exit
# handler (registered at its start, so run before libtally.so's) destroyed the context. tally's
# forced flush at CONTEXT_DESTROY_STARTING is what keeps the running kernel's record, which the
# destroyed context would otherwise take with it: again 0.50. Its calls are named CUDA's.
tally_preload_test(cuda_records_survive_the_runtime_teardown_at_exit
  CHECKS tail:device_parallel_efficiency:0.50:0.03 tail:devices:1 tail:visits:1 resources:gpus:1
         tail:device:runtime:cuda
  COMMAND $<TARGET_FILE:teardown_program>)

# CUDA counts (offload_program counts, counts by hand in its head), 2 ranks x 3 steps. Per step,
# rank r: "inner" 2 visits x (2 launches, a 4096-byte copy device to host, a 256-byte peer copy:
# 4 calls) = 8 calls, 4 launches; "outer" adds r + 1 launches, a 1 MiB copy host to device and a
# synchronize: r + 11 calls, r + 5 launches. Over 3 steps and both ranks: outer 3 x (11 + 12) = 69
# calls, 3 x (5 + 6) = 33 launches, at most 18 on rank 1; 6 copies host to device (6,291,456 bytes),
# 12 device to host (49,152 bytes), 12 peer (3,072 bytes), none device to device; inner 48 calls,
# 24 launches (12 per rank), the same copies device to host and peer, none host to device. Global
# counts what outer counts: the fake runtime makes no traced call outside it.
tally_preload_test(cuda_counts_match_hand_counts_per_region
  CHECKS outer:device:runtime_calls:69 outer:device:kernel_launches:33 outer:device:kernel_launches_max:18
         outer:device:copies_host_to_device:6 outer:device:copy_bytes_host_to_device:6291456
         outer:device:copies_device_to_host:12 outer:device:copy_bytes_device_to_host:49152
         outer:device:copies_peer:12 outer:device:copy_bytes_peer:3072 outer:device:copies_device_to_device:0
         inner:device:runtime_calls:48 inner:device:kernel_launches:24 inner:device:kernel_launches_max:12
         inner:device:copies_host_to_device:0 inner:device:copies_device_to_host:12
         inner:device:copy_bytes_device_to_host:49152 inner:device:copies_peer:12 inner:device:copy_bytes_peer:3072
         inner:parent:outer Global:device:runtime_calls:69 Global:device:kernel_launches:33
  COMMAND ${mpirun} -np 2 ${offload} counts 3)

add_test(NAME cuda_counts_are_identical_across_two_runs
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/counts_twice.sh ${preload} -- ${mpirun} -np 2 ${offload} counts 3)
set_tests_properties(cuda_counts_are_identical_across_two_runs PROPERTIES ENVIRONMENT "${environment}" TIMEOUT 300
                                                                          LABELS preload)
