#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Unit tests of generate_wrappers.py on small, tricky inputs. The generator's path comes from the
TALLY_MPI_GENERATOR environment variable (set by CTest)."""

import contextlib
import importlib.util
import io
import os
import pathlib
import tempfile
import unittest

spec = importlib.util.spec_from_file_location("generate_wrappers", os.environ["TALLY_MPI_GENERATOR"])
generator = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generator)

HEADER = r"""
#define OMPI_DECLSPEC __attribute__((visibility("default")))
#define MPI_MAX_THING(a, b) \
    int MPI_Not_a_function(int a);
/* int MPI_In_a_comment(int x); */
typedef int (MPI_Copy_function)(MPI_Comm, int, void *, void *, void *, int *);
typedef struct { int MPI_SOURCE; int MPI_TAG; } MPI_Status;
OMPI_DECLSPEC  int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,
                            int tag, MPI_Comm comm);
OMPI_DECLSPEC  int MPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                              MPI_Comm comm);
OMPI_DECLSPEC  int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                int dest, int sendtag, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, int source, int recvtag,
                                MPI_Comm comm,  MPI_Status *status);
OMPI_DECLSPEC  int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3],
                                        MPI_Group *newgroup);
OMPI_DECLSPEC  int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                                          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                          void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                          const MPI_Datatype recvtypes[], MPI_Comm comm);
OMPI_DECLSPEC  int MPI_Comm_spawn_multiple(int count, char *array_of_commands[], char **array_of_argv[],
                                           const int array_of_maxprocs[], const MPI_Info array_of_info[],
                                           int root, MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[]);
OMPI_DECLSPEC  int MPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh);
OMPI_DECLSPEC  int MPI_Unnamed(MPI_Comm, int *, const int [], MPI_Datatype);
OMPI_DECLSPEC  double MPI_Wtime(void);
OMPI_DECLSPEC  int MPI_Attr_delete(MPI_Comm comm, int keyval)
            __mpi_interface_deprecated__("MPI_Attr_delete was deprecated in MPI-2.0; use MPI_Comm_delete_attr");
OMPI_DECLSPEC  int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
"""

# The same declarations as the compiler sees them, preprocessed: MPICH's mpi_proto.h (attribute
# macros after the prototype, expanded), Open MPI's mpi.h (OMPI_DECLSPEC expanded before it), line
# markers.
PREPROCESSED = r"""
# 1 "/usr/include/x86_64-linux-gnu/mpich/mpi_proto.h" 1
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
                                                          __attribute__((visibility ("default")));
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
    __attribute__((pointer_with_type_tag(MPI,1,4))) __attribute__((pointer_with_type_tag(MPI,2,4)))
    __attribute__((visibility ("default")));
int QMPI_Send(QMPI_Context context, int tool_id, const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm) __attribute__((visibility ("default")));
# 12 "/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h"
__attribute__((visibility("default"))) int MPI_Barrier(MPI_Comm comm);
__attribute__((visibility("default"))) int MPI_Attr_delete(MPI_Comm comm, int keyval)
            __attribute__((__deprecated__("MPI_Attr_delete was deprecated in MPI-2.0; use MPI_Comm_delete_attr")));
"""


def declarations(name, header=HEADER):
    return [param.declaration() for param in generator.parse_prototypes(header)[name].params]


def generate(table_text, header_text=HEADER, arguments=()):
    """Runs the generator's main on a table and a header; returns (exit code, stderr, output dir)."""
    folder = pathlib.Path(tempfile.mkdtemp())
    (folder / "mpi_calls.tsv").write_text(table_text)
    (folder / "mpi.h").write_text(header_text)
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        code = generator.main(["--table", str(folder / "mpi_calls.tsv"), "--mpi-header", str(folder / "mpi.h"),
                               "--output-dir", str(folder / "out"), *arguments])
    return code, stderr.getvalue(), folder / "out"


class PrototypeParser(unittest.TestCase):
    def test_reads_a_declaration_spread_over_two_lines(self):
        self.assertEqual(declarations("MPI_Send"), ["const void *buf", "int count", "MPI_Datatype datatype",
                                                    "int dest", "int tag", "MPI_Comm comm"])

    def test_keeps_a_two_dimensional_array_parameter(self):
        self.assertEqual(declarations("MPI_Group_range_incl"),
                         ["MPI_Group group", "int n", "int ranges[][3]", "MPI_Group *newgroup"])

    def test_keeps_const_array_parameters(self):
        self.assertEqual(declarations("MPI_Neighbor_alltoallw")[:4],
                         ["const void *sendbuf", "const int sendcounts[]", "const MPI_Aint sdispls[]",
                          "const MPI_Datatype sendtypes[]"])

    def test_keeps_arrays_of_pointers_to_pointers(self):
        self.assertEqual(declarations("MPI_Comm_spawn_multiple")[1:3],
                         ["char *array_of_commands[]", "char **array_of_argv[]"])

    def test_names_unnamed_parameters_by_position(self):
        self.assertEqual(declarations("MPI_Unnamed"),
                         ["MPI_Comm arg0", "int *arg1", "const int arg2[]", "MPI_Datatype arg3"])

    def test_reads_no_parameters_from_void(self):
        prototype = generator.parse_prototypes(HEADER)["MPI_Wtime"]
        self.assertEqual((prototype.return_type, prototype.params), ("double", ()))

    def test_reads_a_declaration_with_an_attribute_whose_message_holds_a_semicolon(self):
        self.assertEqual(declarations("MPI_Attr_delete"), ["MPI_Comm comm", "int keyval"])

    def test_ignores_comments_macros_typedefs_and_profiling_names(self):
        self.assertEqual(sorted(generator.parse_prototypes(HEADER)),
                         ["MPI_Attr_delete", "MPI_Comm_spawn_multiple", "MPI_File_open", "MPI_Group_range_incl",
                          "MPI_Neighbor_alltoallw", "MPI_Send", "MPI_Send_c", "MPI_Sendrecv", "MPI_Unnamed",
                          "MPI_Wtime"])

    def test_finds_character_arguments_which_fortran_passes_with_a_hidden_length(self):
        spawn = generator.parse_prototypes(HEADER)["MPI_Comm_spawn_multiple"]
        self.assertEqual([param.name for param in spawn.params if param.is_character()],
                         ["array_of_commands", "array_of_argv"])
        self.assertFalse(any(param.is_character() for param in generator.parse_prototypes(HEADER)["MPI_Send"].params))

    def test_reads_the_preprocessed_header_with_attributes_before_and_after_and_line_markers(self):
        prototypes = generator.parse_prototypes(PREPROCESSED)
        self.assertEqual(sorted(prototypes), ["MPI_Allreduce", "MPI_Attr_delete", "MPI_Barrier", "MPI_Send"])
        self.assertEqual(declarations("MPI_Allreduce", PREPROCESSED),
                         ["const void *sendbuf", "void *recvbuf", "int count", "MPI_Datatype datatype", "MPI_Op op",
                          "MPI_Comm comm"])
        self.assertEqual((prototypes["MPI_Barrier"].return_type, declarations("MPI_Barrier", PREPROCESSED)),
                         ("int", ["MPI_Comm comm"]))
        self.assertEqual(declarations("MPI_Send", PREPROCESSED)[-1], "MPI_Comm comm")


class Table(unittest.TestCase):
    def test_generates_ids_in_row_order_skipping_comments(self):
        code, _, out = generate("name\tkind\n# a comment\nMPI_Send\tpoint_to_point\n\nMPI_File_open\tcollective_io\n")
        self.assertEqual(code, 0)
        ids = (out / "mpi_call_ids.hpp").read_text()
        self.assertIn("inline constexpr CallId MPI_Send = 0;", ids)
        self.assertIn("inline constexpr CallId MPI_File_open = 1;", ids)
        self.assertIn("call_count = 2;", ids)
        self.assertIn('{"MPI_File_open", CallKind::collective_io}', ids)

    def test_names_the_functions_that_mpi_h_does_not_declare(self):
        code, stderr, _ = generate("name\tkind\nMPI_Send\tpoint_to_point\nMPI_Bogus\tcollective\nMPI_Nope\tprobe\n")
        self.assertEqual(code, 1)
        self.assertIn("declares no MPI_Bogus, MPI_Nope", stderr)

    def test_refuses_an_unknown_kind(self):
        code, stderr, _ = generate("name\tkind\nMPI_Send\tblocking\n")
        self.assertEqual(code, 1)
        self.assertIn("unknown kind 'blocking'", stderr)

    def test_refuses_a_function_listed_twice(self):
        code, stderr, _ = generate("name\tkind\nMPI_Send\tpoint_to_point\nMPI_Send\tpoint_to_point\n")
        self.assertEqual(code, 1)
        self.assertIn("MPI_Send is listed twice", stderr)

    def test_refuses_a_payload_that_names_no_count_and_datatype_parameters(self):
        code, stderr, _ = generate("name\tkind\tpayload\nMPI_Send\tpoint_to_point\tsent=1*5\n")
        self.assertEqual(code, 1)
        self.assertIn("payload 1*5 does not point at an int count and an MPI_Datatype", stderr)

    def test_refuses_an_unknown_payload_direction(self):
        code, stderr, _ = generate("name\tkind\tpayload\nMPI_Send\tpoint_to_point\tlost=1*2\n")
        self.assertEqual(code, 1)
        self.assertIn("got 'lost=1*2'", stderr)

    def test_leaves_out_the_rows_of_a_later_mpi_standard_than_the_headers(self):
        table = ("name\tkind\tpayload\tsince\nMPI_Isendrecv\tnonblocking_point_to_point\t\t4.0\n"
                 "MPI_Send\tpoint_to_point\n")
        code, _, out = generate(table, arguments=["--mpi-version", "3.1"])
        self.assertEqual(code, 0)
        ids = (out / "mpi_call_ids.hpp").read_text()
        self.assertIn("inline constexpr CallId MPI_Send = 0;", ids)
        self.assertNotIn("MPI_Isendrecv", ids)
        # An MPI of that standard must declare it; without a version every row is wrapped.
        for arguments in (["--mpi-version", "4.0"], []):
            code, stderr, _ = generate(table, arguments=arguments)
            self.assertEqual(code, 1)
            self.assertIn("declares no MPI_Isendrecv", stderr)

    def test_refuses_a_since_that_is_no_mpi_version(self):
        code, stderr, _ = generate("name\tkind\tpayload\tsince\nMPI_Send\tpoint_to_point\t\t4\n")
        self.assertEqual(code, 1)
        self.assertIn("expected an MPI standard version like '4.0', got '4'", stderr)

    def test_refuses_the_functions_wrapped_by_hand(self):
        code, stderr, _ = generate("name\tkind\nMPI_Finalize\tcollective\n")
        self.assertEqual(code, 1)
        self.assertIn("MPI_Finalize is wrapped by hand", stderr)


class Wrappers(unittest.TestCase):
    def test_c_wrapper_forwards_every_argument_between_enter_and_leave(self):
        code, _, out = generate("name\tkind\nMPI_Group_range_incl\tcommunicator\n")
        self.assertEqual(code, 0)
        self.assertIn(
            'extern "C" TALLY_MPI_MEASURED int tally_measured_MPI_Group_range_incl(MPI_Group group, int n, '
            "int ranges[][3], MPI_Group *newgroup) {\n"
            "  mpi::enter(mpi::call::MPI_Group_range_incl);\n"
            "  const int result = PMPI_Group_range_incl(group, n, ranges, newgroup);\n"
            "  mpi::leave(mpi::call::MPI_Group_range_incl);\n"
            "  return result;\n}\nTALLY_MPI_ENTRY(MPI_Group_range_incl)\n",
            (out / "mpi_wrappers.cpp").read_text())

    def test_large_count_variant_declared_by_the_header_reports_its_rows_call_and_payload(self):
        code, _, out = generate("name\tkind\tpayload\nMPI_Send\tpoint_to_point\tsent=1*2\n"
                                "MPI_Sendrecv\tpoint_to_point\n")
        self.assertEqual(code, 0)
        wrappers = (out / "mpi_wrappers.cpp").read_text()
        self.assertIn(
            'extern "C" TALLY_MPI_MEASURED int tally_measured_MPI_Send_c(const void *buf, MPI_Count count, '
            "MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {\n"
            "  mpi::enter(mpi::call::MPI_Send);\n"
            "  mpi::add_payload(mpi::Payload::sent, count, datatype);\n"
            "  const int result = PMPI_Send_c(buf, count, datatype, dest, tag, comm);\n"
            "  mpi::leave(mpi::call::MPI_Send);\n", wrappers)
        self.assertNotIn("MPI_Sendrecv_c", wrappers)  # the header declares none
        self.assertIn("call_count = 2;", (out / "mpi_call_ids.hpp").read_text())

    def test_refuses_a_large_count_variant_whose_payload_count_is_no_mpi_count(self):
        header = HEADER + "int MPI_Sendrecv_c(const void *sendbuf, int sendcount, MPI_Datatype sendtype);\n"
        code, stderr, _ = generate("name\tkind\tpayload\nMPI_Sendrecv\tpoint_to_point\tsent=1*2\n", header)
        self.assertEqual(code, 1)
        self.assertIn("MPI_Sendrecv_c: payload 1*2 does not point at an MPI_Count count", stderr)

    def test_fortran_wrapper_forwards_ierror_and_the_hidden_lengths(self):
        rows = [("MPI_File_open", "collective_io")]
        source, _ = generator.render_fortran_wrappers(rows, generator.parse_prototypes(HEADER),
                                                      {"mpi_file_open_", "pmpi_file_open_"}, {"MPI_File_open": []})
        self.assertIn("void mpi_file_open_(void* a0, void* a1, void* a2, void* a3, void* a4, void* a5, "
                      "std::size_t a6) {\n"
                      "  if (tally_mpi_passing_through.load(std::memory_order_relaxed)) {\n"
                      "    static const auto own = reinterpret_cast<decltype(&mpi_file_open_)>("
                      'mpi::next_definition("mpi_file_open_"));\n'
                      "    if (own) own(a0, a1, a2, a3, a4, a5, a6);\n"
                      "    return;\n  }\n", source)
        self.assertIn("  pmpi_file_open_(a0, a1, a2, a3, a4, a5, a6);\n  mpi::leave", source)

    def test_c_wrapper_adds_each_payload_before_the_call(self):
        code, _, out = generate("name\tkind\tpayload\nMPI_Sendrecv\tpoint_to_point\t"
                                "sent=1*2,received=6*7\n")
        self.assertEqual(code, 0)
        self.assertIn("  mpi::enter(mpi::call::MPI_Sendrecv);\n"
                      "  mpi::add_payload(mpi::Payload::sent, sendcount, sendtype);\n"
                      "  mpi::add_payload(mpi::Payload::received, recvcount, recvtype);\n"
                      "  const int result = PMPI_Sendrecv(", (out / "mpi_wrappers.cpp").read_text())

    def test_fortran_wrapper_reads_the_payload_through_its_argument_positions(self):
        rows = [("MPI_Send", "point_to_point")]
        source, _ = generator.render_fortran_wrappers(rows, generator.parse_prototypes(HEADER),
                                                      {"mpi_send_", "pmpi_send_"},
                                                      {"MPI_Send": [("sent", 1, 2)]})
        # MPI_Send(buf, count, datatype, ...): count is argument 1, datatype argument 2.
        self.assertIn("  mpi::add_fortran_payload(mpi::Payload::sent, a1, a2);\n  pmpi_send_(", source)

    def test_fortran_entry_points_are_wrapped_only_with_a_profiling_twin(self):
        symbols = {"mpi_send", "mpi_send_", "pmpi_send_", "MPI_SEND", "PMPI_SEND", "mpi_send_f08_",
                   "mpi_win_allocate_cptr_", "pmpi_win_allocate_cptr_"}
        self.assertEqual(generator.fortran_entry_points("MPI_Send", symbols),
                         [("mpi_send_", "pmpi_send_"), ("MPI_SEND", "PMPI_SEND")])
        self.assertEqual(generator.fortran_entry_points("MPI_Win_allocate", symbols),
                         [("mpi_win_allocate_cptr_", "pmpi_win_allocate_cptr_")])

    def test_mpich_fortran_entry_points_forward_to_their_own_profiling_names(self):
        # MPICH: mpif.h names with pmpi_ twins; mpi_f08 names with pmpir_ twins, _f08ts_ for calls
        # with a choice buffer; the MPI_Count (_large_) variants are not the table's rows.
        symbols = {"mpi_send_", "pmpi_send_", "mpi_send_f08ts_", "pmpir_send_f08ts_", "mpi_send_f08ts_large_",
                   "pmpir_send_f08ts_large_", "mpi_barrier_f08_", "pmpir_barrier_f08_"}
        self.assertEqual(generator.fortran_entry_points("MPI_Send", symbols),
                         [("mpi_send_", "pmpi_send_"), ("mpi_send_f08ts_", "pmpir_send_f08ts_")])
        self.assertEqual(generator.fortran_entry_points("MPI_Barrier", symbols),
                         [("mpi_barrier_f08_", "pmpir_barrier_f08_")])

    def test_an_entry_with_two_profiling_twins_is_wrapped_once(self):
        symbols = {"mpi_wait_f08_", "pmpi_wait_f08_", "pmpir_wait_f08_"}
        self.assertEqual(generator.fortran_entry_points("MPI_Wait", symbols), [("mpi_wait_f08_", "pmpi_wait_f08_")])

    def test_lifecycle_entries_are_the_hand_written_functions_entry_points_with_a_twin(self):
        symbols = {"mpi_init_", "pmpi_init_", "mpi_init_f08_", "pmpir_init_f08_", "MPI_FINALIZE", "PMPI_FINALIZE",
                   "mpi_abort_f08_"}
        lines = [line for line in generator.render_fortran_lifecycle(symbols).splitlines()
                 if not line.startswith("//")]
        self.assertEqual(lines, ["TALLY_FORTRAN_LIFECYCLE(MPI_Init, mpi_init_, pmpi_init_)",
                                 "TALLY_FORTRAN_LIFECYCLE(MPI_Init, mpi_init_f08_, pmpir_init_f08_)",
                                 "TALLY_FORTRAN_LIFECYCLE(MPI_Finalize, MPI_FINALIZE, PMPI_FINALIZE)"])

    def test_writes_no_fortran_wrappers_without_fortran_libraries(self):
        code, _, out = generate("name\tkind\nMPI_Send\tpoint_to_point\n")
        self.assertEqual(code, 0)
        self.assertNotIn("void mpi_", (out / "fortran_wrappers.cpp").read_text())


if __name__ == "__main__":
    unittest.main()
