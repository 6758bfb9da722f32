# SPDX-License-Identifier: BSD-3-Clause
# The TALP GPU paper's seven use cases replayed in real time through the HIP path: the stand-in
# rocprofiler-sdk and HIP runtime (tests/profiler/rocm/standin_rocprofiler) find libtally.so's
# rocprofiler_configure as ROCm does, trace each HIP call through the tool's callback and hand
# kernel-dispatch and memory-copy records over on their own thread and at the tool's flushes. The
# same scripts (bench/gpu/paper_timelines.h), ranks, steps and checks as tests/ground_truth/cuda_paper.cmake:
# the values the paper publishes, within 0.01. ms, T the step, U/W/M useful/offload/MPI, K/D per GPU.
set(hip_paper $<TARGET_FILE:hip_paper_program>)

# Each rank: runtime 20, kernels [20, 840), CPU 160; T = 1000. Orchestration 820 / 1000. Two
# GPUs: the document's resources say so (the label and the configuration follow). The calls are
# named HIP's, so that the report and the site name the model HIP.
tally_preload_test(hip_paper_loaded_gpus_lose_host_efficiency_to_offload_only
  CHECKS step:device_orchestration_efficiency:0.82:0.01 step:device_offload_efficiency:0.16:0.01 step:devices:2
         resources:gpus:2 step:device:runtime:hip
  COMMAND ${mpirun} -np 2 ${hip_paper} 1)

# Each rank: kernel 50, copy 10, CPU 940; T = 1000. Offload 1880 / 2000, device parallel 100 / 2000.
tally_preload_test(hip_paper_loaded_cpus_leave_the_gpus_idle
  CHECKS step:device_offload_efficiency:0.94:0.01 step:device_parallel_efficiency:0.05:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 2)

# Kernels 800 and 80 between two copies of 10, CPU 160 each; T = 980. Offload 320 / 1240 = 0.258,
# device load balance 880 / 1600 = 0.55.
tally_preload_test(hip_paper_imbalanced_gpus_show_in_device_load_balance_and_offload
  CHECKS step:device_offload_efficiency:0.26:0.01 step:device_load_balance:0.55:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 3)

# Rank 1 a tenth of rank 0 (runtime 20, kernel 330, CPU 650); T = 1000. Host: 715 / 2000 = 0.3575,
# 1100 / 2000, 1000 / 1000, 1100 / 2000, 715 / 1100. Device: 363 / 2000 = 0.1815, 363 / 660,
# 330 / 330, 330 / 1000.
tally_preload_test(hip_paper_imbalanced_cpus_and_gpus_show_in_both_load_balances
  CHECKS step:parallel_efficiency:0.36:0.01 step:mpi_parallel_efficiency:0.55:0.01
         step:mpi_communication_efficiency:1.0:0.01 step:mpi_load_balance:0.55:0.01
         step:device_offload_efficiency:0.65:0.01 step:device_parallel_efficiency:0.18:0.01
         step:device_load_balance:0.55:0.01 step:device_communication_efficiency:1.0:0.01
         step:device_orchestration_efficiency:0.33:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 4)

# Both GPUs copy 10, kernel 310, copy 10; CPU 670 and 70; T = 1000. Load balance 1400 / 2000,
# orchestration 330 / 1000.
tally_preload_test(hip_paper_imbalanced_cpu_load_leaves_device_load_balance_whole
  CHECKS step:mpi_load_balance:0.70:0.01 step:device_orchestration_efficiency:0.33:0.01
         step:device_load_balance:1.0:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 5)

# Setup phase (rank 0 waits 74), kernel 310, ten copies of 55 (waited for in the runtime by rank 0,
# left running by rank 1); T = 1000. 120 / 2000, 1334 / 1852, 120 / 1334; 620 / 2000, 310 / 860, 860 / 1000.
tally_preload_test(hip_paper_large_host_device_data_movement_matches_the_published_tree
  CHECKS step:parallel_efficiency:0.06:0.01 step:mpi_load_balance:0.72:0.01 step:device_offload_efficiency:0.09:0.01
         step:device_parallel_efficiency:0.31:0.01 step:device_communication_efficiency:0.36:0.01
         step:device_orchestration_efficiency:0.86:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 6)

# Kernel 200, CPU 500, copy 100. Serial (T = 800): offload 500 / 800. Overlapped (T = 600):
# 500 / 600, a third more; orchestration 300 / 600.
tally_preload_test(hip_paper_cpu_work_after_the_kernel_leaves_offload_at_five_eighths
  CHECKS step:device_offload_efficiency:0.625:0.01 step:device_orchestration_efficiency:0.375:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 7_serial)
tally_preload_test(hip_paper_cpu_gpu_overlap_raises_offload_by_a_third_and_leaves_the_gpu_idle_half_the_time
  CHECKS step:device_offload_efficiency:0.833:0.01 step:device_orchestration_efficiency:0.50:0.01
  COMMAND ${mpirun} -np 2 ${hip_paper} 7)

# TALLY_ROCM=off: rocprofiler_configure declines, so the program runs with no tool (the stand-in then
# traces nothing): no offload time, no GPU.
tally_preload_test(hip_measurement_switched_off_leaves_no_offload_and_no_gpu
  ENV TALLY_ROCM=off
  CHECKS step:device_offload_efficiency:absent step:device_parallel_efficiency:absent step:visits:4
  COMMAND ${mpirun} -np 2 ${hip_paper} 1)
# A program without HIP never loads rocprofiler-sdk, so the tool is never called: no offload time, no GPU.
if(TARGET no_openacc)
  tally_preload_test(hip_program_without_hip_measures_no_offload_and_no_gpu
    CHECKS step:device_offload_efficiency:absent step:device_parallel_efficiency:absent step:visits:4
    COMMAND $<TARGET_FILE:no_openacc>)
endif()
