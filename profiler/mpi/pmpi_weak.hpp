// SPDX-License-Identifier: BSD-3-Clause
// The PMPI functions the backend calls itself, declared weak: libtally.so does not link libmpi,
// so it loads in programs without MPI, where these stay null and are never called.
#pragma once

#include <mpi.h>

#pragma weak PMPI_Init
#pragma weak PMPI_Init_thread
#pragma weak PMPI_Finalize
#pragma weak PMPI_Abort
#pragma weak PMPI_Comm_rank
#pragma weak PMPI_Comm_size
#pragma weak PMPI_Comm_split
#pragma weak PMPI_Comm_split_type
#pragma weak PMPI_Comm_free
#pragma weak PMPI_Comm_dup
#pragma weak PMPI_Probe
#pragma weak PMPI_Get_count
#pragma weak PMPI_Allgather
#pragma weak PMPI_Allreduce
#pragma weak PMPI_Allgatherv
#pragma weak PMPI_Bcast
#pragma weak PMPI_Gather
#pragma weak PMPI_Gatherv
#pragma weak PMPI_Reduce
#pragma weak PMPI_Send
#pragma weak PMPI_Recv
#pragma weak PMPI_Get_library_version
#pragma weak PMPI_Type_size
// Functions in Open MPI; macros in the MPICH family (handles are integers there).
#pragma weak PMPI_Type_f2c
#pragma weak PMPI_Comm_f2c
#pragma weak PMPI_Initialized
#pragma weak PMPI_Finalized

#if defined(OPEN_MPI)
// Open MPI's predefined handles (MPI_COMM_WORLD, MPI_SUM, ...) are addresses of its globals.
#pragma weak ompi_mpi_comm_world
#pragma weak ompi_mpi_comm_null
#pragma weak ompi_mpi_info_null
#pragma weak ompi_mpi_char
#pragma weak ompi_mpi_byte
#pragma weak ompi_mpi_int
#pragma weak ompi_mpi_uint64_t
#pragma weak ompi_mpi_op_sum
#pragma weak ompi_mpi_op_max
#pragma weak ompi_mpi_op_min
#pragma weak ompi_mpi_datatype_null
#endif
