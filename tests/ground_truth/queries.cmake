# SPDX-License-Identifier: BSD-3-Clause
# The runtime queries (tally.h): programs linked to the API's stand-in (libtally_api.so) ask their
# own measures while they run, with libtally.so preloaded and without it.
if(first_family)
  add_executable(region_queries region_queries.c)
  target_include_directories(region_queries PRIVATE ${PROJECT_SOURCE_DIR}/examples/mpi)
  target_link_libraries(region_queries PRIVATE tally::api Threads::Threads tally_build_flags)
  tally_preload_test(local_query_counts_an_open_region_from_another_thread_and_a_closed_one
    CHECKS Global:visits:1 work:visits:1 work:elapsed_ns:200000000:30000000
    COMMAND $<TARGET_FILE:region_queries> measured)
  tally_preload_test(queries_without_the_profiler_say_not_measured DOCUMENTS 0 WITHOUT_PROFILER
    COMMAND $<TARGET_FILE:region_queries> unmeasured)
endif()
add_executable(region_queries_mpi${tally_mpi_suffix} region_queries_mpi.c)
target_include_directories(region_queries_mpi${tally_mpi_suffix} PRIVATE ${PROJECT_SOURCE_DIR}/examples/mpi)
target_link_libraries(region_queries_mpi${tally_mpi_suffix} PRIVATE ${tally_mpi_c} tally::api m tally_build_flags)

# The program prints the metrics it asked at the end; run_case.sh checks them against the document.
tally_preload_test(queries_in_the_middle_and_across_2_ranks_match_the_document
  CHECKS compute:mpi_load_balance:0.75:0.03 step:visits:16
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:region_queries_mpi${tally_mpi_suffix}> measured)
tally_preload_test(queries_across_4_ranks_and_per_emulated_node_match_the_document
  ENV TALLY_RANKS_PER_NODE=2
  CHECKS compute:mpi_load_balance:0.625:0.03 step:visits:32
  COMMAND ${mpirun} -np 4 $<TARGET_FILE:region_queries_mpi${tally_mpi_suffix}> measured)
tally_preload_test(mpi_queries_without_the_profiler_say_not_measured DOCUMENTS 0 WITHOUT_PROFILER
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:region_queries_mpi${tally_mpi_suffix}> unmeasured)
# At 2 ranks the example reads 0.75, moves to a 40/20 split, and ends with 3300/3600 (its header).
tally_preload_test(adaptive_example_rebalances_after_reading_its_load_balance
  CHECKS compute:mpi_load_balance:0.917:0.03 compute:visits:80
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:adaptive_balance${tally_mpi_suffix}>)

if(TARGET tally_fortran AND tally_mpi_fortran)
  add_executable(region_queries_f${tally_mpi_suffix} region_queries.f90)
  target_link_libraries(region_queries_f${tally_mpi_suffix} PRIVATE ${tally_mpi_fortran} tally_fortran tally::api)
  tally_preload_test(fortran_queries_answer_measures_and_load_balance
    CHECKS compute:visits:8
    COMMAND ${mpirun} -np 2 $<TARGET_FILE:region_queries_f${tally_mpi_suffix}>)
endif()
