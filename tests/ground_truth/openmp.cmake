# SPDX-License-Identifier: BSD-3-Clause
# OpenMP ground truth (2 threads): the examples of examples/openmp, built with GCC and run with
# LLVM's libomp preloaded in place of libgomp (or built with clang and libomp), checked against
# values computed by hand from their work distribution. Metric names: model/run_metrics.
set(with_libomp "${TALLY_LIBOMP}:${preload}")
# Parent = product of children, in a region: the OpenMP branch, and the hybrid tree.
function(omp_identities region out)
  set(${out}
      ${region}:product:omp_parallel_efficiency:omp_load_balance,omp_scheduling_efficiency,omp_serialization_efficiency
      ${region}:product:parallel_efficiency:mpi_parallel_efficiency,omp_parallel_efficiency PARENT_SCOPE)
endfunction()
omp_identities(Global global_identities)
omp_identities(loop loop_identities)

# The programs without MPI, with the first MPI family only (CMakeLists.txt).
if(first_family)
  # triangular.c, 8 iterations of i+1 units under schedule(static) on 2 threads: thread 0 works
  # 1+2+3+4 = 10 units, thread 1 5+6+7+8 = 26 and thread 0 waits 16. In "loop": load balance
  # 36/52 = 0.692; scheduling and serialization about 1; parallel efficiency 36/(2 x 26) = 0.692.
  tally_preload_test(openmp_load_imbalance_of_a_triangular_static_loop
    PRELOAD ${with_libomp} ENV OMP_NUM_THREADS=2
    CHECKS loop:omp_load_balance:0.692:0.05 loop:omp_scheduling_efficiency:1.0:0.05
           loop:omp_serialization_efficiency:1.0:0.05 loop:omp_parallel_efficiency:0.692:0.05
           loop:parallel_efficiency:0.692:0.05 loop:mpi_parallel_efficiency:1.0:0.05 loop:visits:3
           ${loop_identities} ${global_identities} loop:within:Global loop:openmp:parallels:3 loop:openmp:tasks:0
    COMMAND $<TARGET_FILE:triangular> 10 3)

  # serialization.c, per step 2 units serial on the master then 1 unit on each of 2 threads: 4 useful
  # thread-units of 6, the worker idle 2 (from the run's start): serialization 4/6 = 0.667, load
  # balance 1, parallel efficiency 0.667, MPI parallel efficiency (no MPI) 1.
  set(serialization_checks Global:omp_serialization_efficiency:0.667:0.05 Global:omp_load_balance:1.0:0.05
                           Global:omp_scheduling_efficiency:1.0:0.05 Global:omp_parallel_efficiency:0.667:0.05
                           Global:parallel_efficiency:0.667:0.05 Global:mpi_parallel_efficiency:1.0:0.05
                           ${global_identities})
  tally_preload_test(openmp_serialization_of_a_gcc_program_with_libomp_preloaded
    PRELOAD ${with_libomp} ENV OMP_NUM_THREADS=2 CHECKS ${serialization_checks}
    COMMAND $<TARGET_FILE:serialization> 40 3)
  if(TARGET serialization_clang)
    tally_preload_test(openmp_serialization_of_a_clang_program_with_libomp
      ENV OMP_NUM_THREADS=2 CHECKS ${serialization_checks}
      COMMAND ${PROJECT_BINARY_DIR}/examples/openmp/clang/serialization 40 3)
  endif()
  # libgomp alone: the run is measured, OpenMP metrics are absent (and one warning says why).
  tally_preload_test(openmp_metrics_are_absent_under_libgomp
    ENV OMP_NUM_THREADS=2
    CHECKS Global:omp_parallel_efficiency:absent Global:parallel_efficiency:1.0:0.05
    COMMAND $<TARGET_FILE:serialization> 10 2)
endif()

# hybrid.c at 2 ranks x 2 threads: rank r's threads work r+1 units per step, then the master is
# in MPI_Allreduce (rank 0: 1 unit, its worker idle meanwhile: MPI). Outside MPI per process:
# 1 and 2 units of T = 2: MPI load balance 0.75, communication 1; OpenMP efficiency 1; parallel
# efficiency (1+1+2+2)/(2 x 2 x 2) = 0.75.
if(TARGET hybrid${tally_mpi_suffix})
  tally_preload_test(openmp_hybrid_program_at_2_ranks_2_threads_has_both_branches
    PRELOAD ${with_libomp} ENV OMP_NUM_THREADS=2
    CHECKS Global:mpi_load_balance:0.75:0.05 Global:mpi_communication_efficiency:1.0:0.05
           Global:mpi_parallel_efficiency:0.75:0.05 Global:omp_parallel_efficiency:1.0:0.05
           Global:parallel_efficiency:0.75:0.05 ${global_identities}
    COMMAND ${mpirun} -np 2 $<TARGET_FILE:hybrid${tally_mpi_suffix}> 20 4)
endif()

if(first_family)
  add_executable(nested_and_tasks nested_and_tasks.c)
  target_link_libraries(nested_and_tasks PRIVATE OpenMP::OpenMP_C tally_build_flags)
  # Nested parallelism and tasks: no crash, no hang (run_case's timeout), a valid document. Counts:
  # the outer parallel region and the inner one each of its 2 threads starts (3), and the 8 tasks
  # the single thread creates, whichever threads they ran on.
  tally_preload_test(openmp_nested_parallelism_and_tasks_neither_crash_nor_hang
    PRELOAD ${with_libomp} ENV OMP_NUM_THREADS=2
    CHECKS Global:visits:1 ${global_identities} Global:openmp:parallels:3 Global:openmp:tasks:8
    COMMAND $<TARGET_FILE:nested_and_tasks>)

  # The local query from the master between parallel loops (region_queries_omp.c): the workers'
  # time is in it, as in the region at its stop.
  add_executable(region_queries_omp region_queries_omp.c)
  target_include_directories(region_queries_omp PRIVATE ${PROJECT_SOURCE_DIR}/examples/mpi)
  target_link_libraries(region_queries_omp PRIVATE OpenMP::OpenMP_C tally::api m tally_build_flags)
  tally_preload_test(openmp_master_query_includes_its_workers
    PRELOAD ${with_libomp} ENV OMP_NUM_THREADS=2
    CHECKS loop:visits:1 loop:omp_load_balance:0.692:0.05
    COMMAND $<TARGET_FILE:region_queries_omp>)
endif()
