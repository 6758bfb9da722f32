#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks that the compiled wrappers are exactly the table's functions: mpi.h declares every row,
the ids are dense in row order, the objects define one C wrapper per row (and per large-count
variant, MPI_Send_c, that mpi.h declares) and nothing else, every Fortran wrapper belongs to a row,
and MPI itself is only referenced weakly. Prints the counts."""

import argparse
import re
import subprocess
import sys

C_NAME = re.compile(r"MPI_[A-Z][a-z0-9_]*")  # MPI_Send; the Fortran MPI_SEND is all capitals


def table_rows(path, mpi_version):
    """The (name, kind) rows of the table that an MPI of mpi_version ('3.1') has: those whose since
    column, if any, is no later."""
    def version(text):
        return tuple(int(part) for part in text.split("."))
    rows = []
    for line in open(path).read().splitlines()[1:]:
        fields = line.split("\t")
        if not line.strip() or line.startswith("#"):
            continue
        if len(fields) < 4 or version(fields[3]) <= version(mpi_version):
            rows.append(tuple(fields[:2]))
    return rows


def object_symbols(nm, objects):
    """Returns ({defined global symbol}, {undefined symbol: nm type})."""
    defined, undefined = set(), {}
    listing = subprocess.run([nm, *objects], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in ("T", "W"):
            defined.add(fields[2])
        elif len(fields) == 2 and fields[0] in ("U", "w"):
            undefined[fields[1]] = fields[0]
    return defined, undefined


def fortran_row(symbol):
    """The table name a Fortran entry point belongs to, in lower case: mpi_send_f08_ (Open MPI) and
    mpi_send_f08ts_ (MPICH) -> mpi_send."""
    return re.sub(r"(_cptr)?(_f08(ts)?)?_*$", "", symbol.lower())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--table", required=True)
    parser.add_argument("--mpi-header", required=True)
    parser.add_argument("--call-ids", required=True, help="the generated mpi_call_ids.hpp")
    parser.add_argument("--nm", default="nm")
    parser.add_argument("--mpi-version", required=True, help="the MPI standard version of mpi.h, e.g. 3.1")
    parser.add_argument("--expect-fortran", action="store_true", help="every row must have Fortran wrappers")
    parser.add_argument("objects", nargs="+", help="the compiled objects of tally_mpi_wrappers")
    options = parser.parse_args()
    problems = []

    rows = table_rows(options.table, options.mpi_version)
    names = [name for name, _ in rows]
    header = open(options.mpi_header).read()
    missing = [name for name in names if not re.search(rf"\b{name}\s*\(", header)]
    if missing:
        problems.append(f"{options.mpi_header} declares no {', '.join(missing)}")

    ids_text = open(options.call_ids).read()
    ids = re.findall(r"inline constexpr CallId (\w+) = (\d+);", ids_text)
    if ids != [(name, str(index)) for index, name in enumerate(names)]:
        problems.append("the call ids are not the table's rows numbered from 0 in row order")
    if f"call_count = {len(rows)};" not in ids_text:
        problems.append(f"call_count is not {len(rows)}, the number of rows")
    if re.findall(r'\{"(\w+)", CallKind::(\w+)\}', ids_text) != rows:
        problems.append("the {name, kind} table does not list the rows in row order")

    defined, undefined = object_symbols(options.nm, options.objects)
    c_wrappers = {symbol for symbol in defined if C_NAME.fullmatch(symbol)}
    fortran_wrappers = {symbol for symbol in defined if re.fullmatch(r"(?i)mpi_\w+", symbol)} - c_wrappers
    # Each row, and its large-count variant (MPI_Send_c) where mpi.h declares one.
    large_count = {name + "_c" for name in names if re.search(rf"\b{name}_c\s*\(", header)}
    expected = set(names) | large_count
    if expected - c_wrappers:
        problems.append(f"no C wrapper for {', '.join(sorted(expected - c_wrappers))}")
    if c_wrappers - expected:
        problems.append(f"C wrappers outside the table: {', '.join(sorted(c_wrappers - expected))}")
    rows_by_lower = {name.lower(): name for name in names}
    strays = sorted(symbol for symbol in fortran_wrappers if fortran_row(symbol) not in rows_by_lower)
    if strays:
        problems.append(f"Fortran wrappers outside the table: {', '.join(strays)}")
    covered = {rows_by_lower.get(fortran_row(symbol)) for symbol in fortran_wrappers}
    if options.expect_fortran and set(names) - covered:
        problems.append(f"no Fortran wrapper for {', '.join(sorted(set(names) - covered))}")
    strong = sorted(s for s, kind in undefined.items() if s.lower().startswith("pmpi_") and kind != "w")
    if strong:
        problems.append(f"not weak, so libtally.so would need libmpi: {', '.join(strong)}")
    if any(symbol.lower().startswith("pmpi_") for symbol in defined):
        problems.append("the wrappers define a PMPI_ function")

    f08 = sum(bool(re.search(r"_f08(ts)?_$", symbol)) for symbol in fortran_wrappers)
    print(f"{len(rows)} table rows: {len(c_wrappers & set(names))} C wrappers and {len(c_wrappers & large_count)} "
          f"large-count ones, {len(fortran_wrappers) - f08} Fortran mpif.h/use mpi wrappers, {f08} use mpi_f08 "
          "wrappers")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
