# SPDX-License-Identifier: BSD-3-Clause
# OpenACC ground truth on the host: GCC's libgomp without an offload device runs every construct
# on the host and still reports them through the OpenACC Profiling Interface, so the real
# registration and callbacks run here. Counts per region are known by construction (see each
# program's header); times as the programs state them. profiler/openacc/README.md.
find_package(OpenACC QUIET)

if(first_family AND OpenACC_C_FOUND)
  add_executable(openacc_constructs openacc_constructs.c)
  target_compile_options(openacc_constructs PRIVATE ${OpenACC_C_FLAGS})
  target_link_options(openacc_constructs PRIVATE ${OpenACC_C_FLAGS})
  target_link_libraries(openacc_constructs PRIVATE tally::tally tally_build_flags)
  # Per visit of "step": 3 compute constructs, 1 enter data, 1 exit data and halo's update; 3
  # visits. Global adds setup's enter data and teardown's exit data: 9 compute, 4 enter data, 4
  # exit data, 3 updates, no wait (not reported on the host), 20 constructs, all on the host,
  # nothing enqueued. In "step", 20 ms useful then 20 ms in the serial construct (offload on the
  # host, README "Constructs run on the host"): offload efficiency 0.5; 0.05 leaves 2 ms of late
  # wake-ups per visit on a loaded runner.
  tally_preload_test(openacc_construct_counts_per_region_are_exact
    CHECKS setup:openacc:enter_data:1 setup:openacc:compute:0 setup:openacc:constructs_on_host:1
           step:visits:3 step:openacc:compute:9 step:openacc:enter_data:3 step:openacc:exit_data:3
           step:openacc:update:3 step:openacc:wait:0 step:openacc:constructs_on_host:18 step:openacc:launch:0
           step:openacc:upload:0 step:openacc:download:0
           halo:within:step halo:openacc:update:3 halo:openacc:compute:0 halo:openacc:constructs_on_host:3
           sync:openacc:wait:0 sync:openacc:constructs_on_host:0 teardown:openacc:exit_data:1
           Global:openacc:compute:9 Global:openacc:enter_data:4 Global:openacc:exit_data:4 Global:openacc:update:3
           Global:openacc:wait:0 Global:openacc:constructs_on_host:20
           step:device_offload_efficiency:0.5:0.05
    COMMAND $<TARGET_FILE:openacc_constructs>)
  # TALLY_OPENACC=off: nothing registered, the constructs run unmeasured.
  tally_preload_test(openacc_measurement_switched_off_leaves_no_openacc_counts
    ENV TALLY_OPENACC=off
    CHECKS Global:openacc:absent step:openacc:absent step:device_offload_efficiency:absent step:visits:3
    COMMAND $<TARGET_FILE:openacc_constructs>)
endif()

if(first_family)
  # Nothing changes for a program without OpenACC: libgomp is never loaded (the program exits 3
  # if it is), no OpenACC counts, no offload time.
  add_executable(no_openacc no_openacc.c)
  target_link_libraries(no_openacc PRIVATE tally::tally ${CMAKE_DL_LIBS} tally_build_flags)
  tally_preload_test(openacc_program_without_openacc_loads_no_openacc_runtime
    CHECKS Global:openacc:absent step:openacc:absent step:device_offload_efficiency:absent step:visits:4
    COMMAND $<TARGET_FILE:no_openacc>)
  # GCC's OpenMP: libgomp, OpenACC runtime included, is loaded and tally registers with it, but no
  # construct runs: still no OpenACC counts and no offload time.
  if(OpenMP_C_FOUND)
    add_executable(no_openacc_openmp no_openacc.c)
    target_compile_definitions(no_openacc_openmp PRIVATE NO_OPENACC_WITH_OPENMP)
    target_link_libraries(no_openacc_openmp PRIVATE tally::tally OpenMP::OpenMP_C tally_build_flags)
    tally_preload_test(openacc_openmp_program_of_gcc_reports_no_openacc
      CHECKS Global:openacc:absent step:openacc:absent step:device_offload_efficiency:absent step:visits:4
      COMMAND $<TARGET_FILE:no_openacc_openmp>)
  endif()
endif()

# The mini-application shaped like SOD2D on 2 ranks (openacc_miniapp.f90, checked by
# openacc_miniapp.py): exact counts per region and offload time within 5 % of the time the
# program measures in its own constructs.
if(OpenACC_Fortran_FOUND AND TARGET tally_fortran AND tally_mpi_fortran)
  add_executable(openacc_miniapp${tally_mpi_suffix} openacc_miniapp.f90)
  target_compile_options(openacc_miniapp${tally_mpi_suffix} PRIVATE ${OpenACC_Fortran_FLAGS})
  target_link_options(openacc_miniapp${tally_mpi_suffix} PRIVATE ${OpenACC_Fortran_FLAGS})
  target_link_libraries(openacc_miniapp${tally_mpi_suffix} PRIVATE ${tally_mpi_fortran} tally_fortran
                                                                   ${tally_mpi_region_api})
  add_test(NAME openacc_miniapp_offload_time_matches_its_own_construct_timing${tally_mpi_suffix}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/openacc_miniapp.py --tally $<TARGET_FILE:tally>
                   --preload ${preload} --program $<TARGET_FILE:openacc_miniapp${tally_mpi_suffix}> -- ${mpirun})
  set_tests_properties(openacc_miniapp_offload_time_matches_its_own_construct_timing${tally_mpi_suffix}
                       PROPERTIES ENVIRONMENT "${environment}" TIMEOUT 300 LABELS "${mpi_labels}" RUN_SERIAL ON)
endif()
