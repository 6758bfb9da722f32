# SPDX-License-Identifier: BSD-3-Clause
# Build options. Optional backends default to ON when their dependency is found, and one
# configure-time line says what was found.
option(TALLY_BUILD_TESTS "Build the test suite" ON)
# The unit tests (GoogleTest executables of the libraries' code) beside the integration tests; off,
# they are neither built by default nor registered: scripts/test.sh runs them once, under the
# sanitizers, and the normal build's suite is then the programs, preloads and pipelines.
option(TALLY_UNIT_TESTS "Build and register the unit tests" ON)
set(TALLY_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined")

include(CheckLanguage)
check_language(Fortran)
# MPI_<lang>_LIBRARY_VERSION_STRING (MPI_Get_library_version) says which MPI family was chosen.
set(MPI_DETERMINE_LIBRARY_VERSION ON)
if(CMAKE_Fortran_COMPILER)
  enable_language(Fortran)
  find_package(MPI COMPONENTS C Fortran QUIET)
else()
  find_package(MPI COMPONENTS C QUIET)
endif()
find_package(CUDAToolkit QUIET)
find_package(OpenMP QUIET)

set(tally_have_cupti OFF)
if(CUDAToolkit_FOUND AND TARGET CUDA::cupti)
  set(tally_have_cupti ON)
endif()
# OMPT is part of the OpenMP 5 tool interface; LLVM's libomp ships omp-tools.h, GCC's libgomp does not.
# Both sit with clang, in folders named after its version: clang says where.
find_program(TALLY_CLANG clang)
if(TALLY_CLANG)
  execute_process(COMMAND ${TALLY_CLANG} -print-resource-dir OUTPUT_VARIABLE tally_clang_resource_dir
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
find_path(TALLY_OMP_TOOLS_INCLUDE_DIR omp-tools.h PATHS ${tally_clang_resource_dir}/include)
# libomp.so, preloaded in place of libgomp by the OpenMP tests and examples.
find_library(TALLY_LIBOMP NAMES omp PATHS ${tally_clang_resource_dir}/../..)
set(tally_have_ompt OFF)
if(OpenMP_FOUND AND TALLY_OMP_TOOLS_INCLUDE_DIR)
  set(tally_have_ompt ON)
endif()

# The OpenACC Profiling Interface's header ships with the compiler (GCC's, NVIDIA HPC SDK's) among
# its own builtin headers; the backend needs it alone (and the openacc.h it includes) and links nothing.
find_path(TALLY_ACC_PROF_INCLUDE_DIR acc_prof.h HINTS ${CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES})
set(tally_have_acc_prof OFF)
if(TALLY_ACC_PROF_INCLUDE_DIR AND EXISTS ${TALLY_ACC_PROF_INCLUDE_DIR}/openacc.h)
  set(tally_have_acc_prof ON)
endif()

# rocprofiler-sdk's headers (with HIP's and HSA's, which they include), for the HIP backend: a ROCm
# install, or a folder the user names (scripts/rocm-headers.sh lays one out from the public sources).
# No library is linked: the tool looks rocprofiler-sdk up when it calls it.
set(TALLY_ROCPROFILER_SDK_ROOT "" CACHE PATH "Where rocprofiler-sdk's headers are (the folder above include/)")
find_path(TALLY_ROCPROFILER_SDK_INCLUDE_DIR rocprofiler-sdk/rocprofiler.h
          HINTS ${TALLY_ROCPROFILER_SDK_ROOT} ENV ROCM_PATH PATHS /opt/rocm PATH_SUFFIXES include NO_DEFAULT_PATH)
set(tally_have_rocprofiler_sdk OFF)
if(TALLY_ROCPROFILER_SDK_INCLUDE_DIR)
  set(tally_have_rocprofiler_sdk ON)
endif()

option(TALLY_WITH_MPI "Build the MPI backend (PMPI interception)" ${MPI_C_FOUND})
option(TALLY_WITH_CUDA "Build the CUDA backend (CUPTI)" ${tally_have_cupti})
option(TALLY_WITH_OPENMP "Build the OpenMP backend (OMPT)" ${tally_have_ompt})
option(TALLY_WITH_OPENACC "Build the OpenACC backend (OpenACC Profiling Interface)" ${tally_have_acc_prof})
option(TALLY_WITH_ROCM "Build the HIP backend (a rocprofiler-sdk tool)" ${tally_have_rocprofiler_sdk})

if(TALLY_WITH_MPI AND NOT MPI_C_FOUND)
  message(FATAL_ERROR "TALLY_WITH_MPI=ON but no MPI C library was found")
endif()
# The MPI family (profiler/mpi/README.md, "MPI families"): openmpi, mpich (MPICH and its
# derivatives, one ABI), or other. Its launcher's options follow it.
include(${CMAKE_CURRENT_LIST_DIR}/TallyMpiFamilyOf.cmake)
tally_mpi_family_of("${MPI_C_LIBRARY_VERSION_STRING}" TALLY_MPI_FAMILY)
# The launcher must be the chosen MPI's: FindMPI looks for `mpiexec` (with MPI_EXECUTABLE_SUFFIX,
# e.g. .mpich, appended), which beside another MPI may be that one's.
if(MPI_C_FOUND AND MPIEXEC_EXECUTABLE)
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE tally_mpiexec_version ERROR_QUIET
                  TIMEOUT 10)
  set(tally_launcher_of_openmpi "Open MPI|OpenRTE")
  set(tally_launcher_of_mpich "HYDRA")
  if(DEFINED tally_launcher_of_${TALLY_MPI_FAMILY} AND NOT tally_mpiexec_version MATCHES
                                                       "${tally_launcher_of_${TALLY_MPI_FAMILY}}")
    message(WARNING "tally: ${MPIEXEC_EXECUTABLE} is not the launcher of the chosen MPI (${TALLY_MPI_FAMILY}); "
                    "set MPIEXEC_EXECUTABLE, or MPI_EXECUTABLE_SUFFIX (e.g. .mpich) instead of the compilers")
  endif()
endif()
if(TALLY_WITH_CUDA AND NOT tally_have_cupti)
  message(FATAL_ERROR "TALLY_WITH_CUDA=ON but the CUDA toolkit with CUPTI was not found")
endif()
if(TALLY_WITH_OPENACC AND NOT tally_have_acc_prof)
  message(FATAL_ERROR "TALLY_WITH_OPENACC=ON but no acc_prof.h was found among the compiler's headers")
endif()
if(TALLY_WITH_ROCM AND NOT tally_have_rocprofiler_sdk)
  message(FATAL_ERROR "TALLY_WITH_ROCM=ON but rocprofiler-sdk/rocprofiler.h was not found under "
                      "TALLY_ROCPROFILER_SDK_ROOT, ROCM_PATH or /opt/rocm")
endif()
if(TALLY_WITH_OPENMP AND NOT tally_have_ompt)
  message(FATAL_ERROR "TALLY_WITH_OPENMP=ON but no OpenMP runtime with omp-tools.h was found")
endif()

set(tally_found_mpi "no")
if(MPI_C_FOUND)
  set(tally_found_mpi "MPI-${MPI_C_VERSION} via ${MPI_C_COMPILER}, ${TALLY_MPI_FAMILY}, launched by ${MPIEXEC_EXECUTABLE}")
endif()
set(tally_found_cuda "no")
if(tally_have_cupti)
  set(tally_found_cuda "CUDA ${CUDAToolkit_VERSION} with CUPTI")
endif()
set(tally_found_ompt "no")
if(tally_have_ompt)
  set(tally_found_ompt "omp-tools.h in ${TALLY_OMP_TOOLS_INCLUDE_DIR}")
endif()
message(STATUS "tally: MPI ${TALLY_WITH_MPI} (${tally_found_mpi}), "
               "CUDA ${TALLY_WITH_CUDA} (${tally_found_cuda}), "
               "OpenMP ${TALLY_WITH_OPENMP} (${tally_found_ompt}), OpenACC ${TALLY_WITH_OPENACC}, HIP ${TALLY_WITH_ROCM}")
if(TALLY_WITH_ROCM)
  message(STATUS "tally: HIP through rocprofiler-sdk, headers in ${TALLY_ROCPROFILER_SDK_INCLUDE_DIR}")
elseif(tally_have_rocprofiler_sdk)
  # The option keeps its first value: headers installed after the first configure need it turned on.
  message(STATUS "tally: the HIP path (profiler/rocm) is not built: TALLY_WITH_ROCM is OFF, though "
                 "rocprofiler-sdk's headers are in ${TALLY_ROCPROFILER_SDK_INCLUDE_DIR} (-DTALLY_WITH_ROCM=ON)")
else()
  message(STATUS "tally: the HIP path (profiler/rocm) is not built: no rocprofiler-sdk/rocprofiler.h under "
                 "TALLY_ROCPROFILER_SDK_ROOT, ROCM_PATH or /opt/rocm (scripts/rocm-headers.sh lays them out)")
endif()
