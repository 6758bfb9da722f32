# SPDX-License-Identifier: BSD-3-Clause
# The TALP GPU paper's seven use cases replayed in real time on the fake CUDA runtime
# (paper_program, scripts in bench/gpu/paper_timelines.h), at 2 ranks with
# one GPU each, 2 steps, through the whole profiler: runtime callbacks, activity records and
# flushes, the device timeline, the MPI reduction. Checked: the values the paper publishes,
# within 0.01. The arithmetic of each timeline is in tests/profiler/core/paper_use_cases_test.cpp,
# which simulates the same scripts exactly; ms, T the step, U/W/M useful/offload/MPI, K/D per GPU.
set(paper $<TARGET_FILE:paper_program>)

# Each rank: runtime 20, kernels [20, 840), CPU 160; T = 1000. Orchestration 820 / 1000. Two
# GPUs: the document's resources say so (the label and the configuration follow). The calls are
# named CUDA's.
tally_preload_test(cuda_paper_loaded_gpus_lose_host_efficiency_to_offload_only
  CHECKS step:device_orchestration_efficiency:0.82:0.01 step:device_offload_efficiency:0.16:0.01 step:devices:2
         resources:gpus:2 step:device:runtime:cuda
  COMMAND ${mpirun} -np 2 ${paper} 1)

# Each rank: kernel 50, copy 10, CPU 940; T = 1000. Offload 1880 / 2000, device parallel 100 / 2000.
tally_preload_test(cuda_paper_loaded_cpus_leave_the_gpus_idle
  CHECKS step:device_offload_efficiency:0.94:0.01 step:device_parallel_efficiency:0.05:0.01
  COMMAND ${mpirun} -np 2 ${paper} 2)

# Kernels 800 and 80 between two copies of 10, CPU 160 each; T = 980. Offload 320 / 1240 = 0.258,
# device load balance 880 / 1600 = 0.55.
tally_preload_test(cuda_paper_imbalanced_gpus_show_in_device_load_balance_and_offload
  CHECKS step:device_offload_efficiency:0.26:0.01 step:device_load_balance:0.55:0.01
  COMMAND ${mpirun} -np 2 ${paper} 3)

# Rank 1 a tenth of rank 0 (runtime 20, kernel 330, CPU 650); T = 1000. Host: 715 / 2000 = 0.3575,
# 1100 / 2000, 1000 / 1000, 1100 / 2000, 715 / 1100. Device: 363 / 2000 = 0.1815, 363 / 660,
# 330 / 330, 330 / 1000.
tally_preload_test(cuda_paper_imbalanced_cpus_and_gpus_show_in_both_load_balances
  CHECKS step:parallel_efficiency:0.36:0.01 step:mpi_parallel_efficiency:0.55:0.01
         step:mpi_communication_efficiency:1.0:0.01 step:mpi_load_balance:0.55:0.01
         step:device_offload_efficiency:0.65:0.01 step:device_parallel_efficiency:0.18:0.01
         step:device_load_balance:0.55:0.01 step:device_communication_efficiency:1.0:0.01
         step:device_orchestration_efficiency:0.33:0.01
  COMMAND ${mpirun} -np 2 ${paper} 4)

# Both GPUs copy 10, kernel 310, copy 10; CPU 670 and 70; T = 1000. Load balance 1400 / 2000,
# orchestration 330 / 1000.
tally_preload_test(cuda_paper_imbalanced_cpu_load_leaves_device_load_balance_whole
  CHECKS step:mpi_load_balance:0.70:0.01 step:device_orchestration_efficiency:0.33:0.01
         step:device_load_balance:1.0:0.01
  COMMAND ${mpirun} -np 2 ${paper} 5)

# Setup phase (rank 0 waits 74), kernel 310, ten copies of 55 (waited for in the runtime by rank 0,
# left running by rank 1); T = 1000. 120 / 2000, 1334 / 1852, 120 / 1334; 620 / 2000, 310 / 860, 860 / 1000.
tally_preload_test(cuda_paper_large_host_device_data_movement_matches_the_published_tree
  CHECKS step:parallel_efficiency:0.06:0.01 step:mpi_load_balance:0.72:0.01 step:device_offload_efficiency:0.09:0.01
         step:device_parallel_efficiency:0.31:0.01 step:device_communication_efficiency:0.36:0.01
         step:device_orchestration_efficiency:0.86:0.01
  COMMAND ${mpirun} -np 2 ${paper} 6)

# Kernel 200, CPU 500, copy 100. Serial (T = 800): offload 500 / 800. Overlapped (T = 600):
# 500 / 600, a third more; orchestration 300 / 600.
tally_preload_test(cuda_paper_cpu_work_after_the_kernel_leaves_offload_at_five_eighths
  CHECKS step:device_offload_efficiency:0.625:0.01 step:device_orchestration_efficiency:0.375:0.01
  COMMAND ${mpirun} -np 2 ${paper} 7_serial)
tally_preload_test(cuda_paper_cpu_gpu_overlap_raises_offload_by_a_third_and_leaves_the_gpu_idle_half_the_time
  CHECKS step:device_offload_efficiency:0.833:0.01 step:device_orchestration_efficiency:0.50:0.01
  COMMAND ${mpirun} -np 2 ${paper} 7)

# Idle nodes count the time driving a GPU (offload) as busy, one rank per emulated node.
# Rank 0 plays use case 1 (U 160, W 840), rank 1 use case 2 (U 940, W 60): by useful time alone
# node 0 (160 per step) would be under half of node 1 (940); busy, both are 1000 per step.
tally_preload_test(cuda_node_driving_its_gpu_is_not_idle
  ENV TALLY_RANKS_PER_NODE=1
  CHECKS timeline:idle_nodes:none step:device_offload_efficiency:0.55:0.01
  COMMAND ${mpirun} -np 2 ${paper} 1,2)
# Use case 3: equal useful time (160), but node 1 is busy 260 of 980 per step, waiting 720 in MPI
# for node 0's GPU (busy 980): under half, idle.
tally_preload_test(cuda_node_waiting_for_the_other_nodes_gpu_is_idle
  ENV TALLY_RANKS_PER_NODE=1
  CHECKS "timeline:idle_nodes:#1"
  COMMAND ${mpirun} -np 2 ${paper} 3)
