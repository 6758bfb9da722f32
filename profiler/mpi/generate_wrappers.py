#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes the MPI wrappers of libtally.so from mpi_calls.tsv (which calls, and what they are) and
the installed mpi.h as the compiler sees it, preprocessed (their signatures, whatever file declares
them): the call ids, the C wrappers, the Fortran wrappers and the Fortran entry points of the
functions wrapped by hand.
Standard library only; run at build time by wrappers.cmake, tested by tests/profiler/mpi_wrappers."""

import argparse
import collections
import dataclasses
import pathlib
import re
import subprocess
import sys

# The kinds a table row may name, in the order of the generated CallKind enumeration.
KINDS = {
    "point_to_point": "blocking send or receive",
    "nonblocking_point_to_point": "starts a send or receive and returns a request",
    "persistent": "starts persistent requests",
    "collective": "blocking collective communication",
    "nonblocking_collective": "starts a collective and returns a request",
    "wait_test": "completes or tests requests",
    "probe": "waits for or checks a matching message without receiving it",
    "one_sided": "remote memory access: put, get, accumulate",
    "one_sided_sync": "remote memory access synchronisation: fence, lock, flush, epochs",
    "io": "independent file data access",
    "nonblocking_io": "starts file data access and returns a request",
    "collective_io": "collective file data access or file management",
    "communicator": "collective creation or release of a communicator or topology",
    "window": "collective creation or release of a one-sided window",
    "dynamic_process": "spawns, connects or disconnects processes",
}

# Where a payload's bytes go (mpi::Payload): the point-to-point directions and collectives.
PAYLOADS = ("sent", "received", "collective")

# The endings of the mpi_f08 entry points: Open MPI's and MPICH's, and MPICH's with a choice buffer
# (TS 29113 descriptor).
F08_SUFFIXES = ("_f08_", "_f08ts_")

# MPI 4.0's large-count binding: a row's function with MPI_Count counts and displacements
# (MPI_Send_c), wrapped with the row's call id wherever the header declares it (MPICH 4; Open MPI 4.1
# has none).
LARGE_COUNT = "_c"

# Wrapped by hand (mpi_lifecycle.cpp, fortran_lifecycle.cpp): the profiler starts and stops with them.
HAND_WRITTEN = ("MPI_Init", "MPI_Init_thread", "MPI_Finalize", "MPI_Abort")

C_TYPE_WORDS = {"void", "char", "short", "int", "long", "float", "double", "signed", "unsigned"}
QUALIFIERS = {"const", "volatile", "struct", "enum"}


class GeneratorError(Exception):
    """A problem with the table or the header, reported as one line without a traceback."""


@dataclasses.dataclass(frozen=True)
class Param:
    type: str  # "const void *", "char **"
    name: str  # as in mpi.h, or arg<i> when mpi.h leaves it unnamed
    array: str  # "", "[]", "[][3]"

    def declaration(self):
        gap = "" if self.type.endswith("*") else " "
        return f"{self.type}{gap}{self.name}{self.array}"

    def is_character(self):
        """Whether Fortran passes this as CHARACTER, which adds a hidden length argument."""
        return [word for word in self.type.replace("*", " ").split() if word not in QUALIFIERS] == ["char"]


@dataclasses.dataclass(frozen=True)
class Prototype:
    name: str
    return_type: str
    params: tuple


def parse_payloads(text, where):
    """'sent=1*2,received=6*7' -> [("sent", 1, 2), ("received", 6, 7)]: where the bytes go, then
    the positions (from 0) of the count and the datatype arguments."""
    payloads = []
    for item in text.split(",") if text else []:
        match = re.fullmatch(r"(\w+)=(\d+)\*(\d+)", item)
        if not match or match.group(1) not in PAYLOADS:
            raise GeneratorError(f"{where}: expected payloads like 'sent=1*2' "
                                 f"({', '.join(PAYLOADS)}, count position * datatype position), got {item!r}")
        payloads.append((match.group(1), int(match.group(2)), int(match.group(3))))
    return payloads


def parse_version(text, where):
    """'4.0' -> (4, 0): an MPI standard version."""
    match = re.fullmatch(r"(\d+)\.(\d+)", text)
    if not match:
        raise GeneratorError(f"{where}: expected an MPI standard version like '4.0', got {text!r}")
    return int(match.group(1)), int(match.group(2))


def read_table(path, mpi_version=None):
    """Returns [(name, kind)] in row order, {name: payloads} and the names left out: the rows of a
    later MPI standard than mpi_version (the since column; none left out without a version). The
    first row is the header, '#' starts a comment, the payload and since columns are optional."""
    rows, seen, payloads, left_out = [], set(), {}, []
    lines = pathlib.Path(path).read_text().splitlines()
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) not in (2, 3, 4):
            raise GeneratorError(f"{path}:{number}: expected 'name<TAB>kind[<TAB>payload[<TAB>since]]', got {line!r}")
        name, kind = fields[:2]
        payloads[name] = parse_payloads(fields[2] if len(fields) > 2 else "", f"{path}:{number}")
        since = parse_version(fields[3], f"{path}:{number}") if len(fields) == 4 else (1, 0)
        if kind not in KINDS:
            raise GeneratorError(f"{path}:{number}: unknown kind {kind!r} (known: {', '.join(KINDS)})")
        if name in HAND_WRITTEN:
            raise GeneratorError(f"{path}:{number}: {name} is wrapped by hand in mpi_lifecycle.cpp")
        if name in seen:
            raise GeneratorError(f"{path}:{number}: {name} is listed twice")
        seen.add(name)
        if mpi_version is not None and since > mpi_version:
            left_out.append(name)
        else:
            rows.append((name, kind))
    return rows, payloads, left_out


def wrapped_functions(rows, prototypes):
    """[(function, row)]: each row's function, then its large-count variant where the header
    declares it; both report the row's call id."""
    functions = []
    for name, _ in rows:
        functions.append((name, name))
        if name + LARGE_COUNT in prototypes:
            functions.append((name + LARGE_COUNT, name))
    return functions


def check_payloads(functions, payloads, prototypes):
    """Every payload points at a count (int; MPI_Count in a large-count variant) and an
    MPI_Datatype of each wrapped function's prototype."""
    for function, row in functions:
        count_type = "MPI_Count" if function != row else "int"
        types = [param.type + param.array for param in prototypes[function].params]
        for _, count, datatype in payloads[row]:
            if types[count:count + 1] != [count_type] or types[datatype:datatype + 1] != ["MPI_Datatype"]:
                raise GeneratorError(f"{function}: payload {count}*{datatype} does not point at an {count_type} "
                                     f"count and an MPI_Datatype among its parameters in mpi.h")


def parse_param(text, index):
    """Splits one parameter declaration of a C prototype into type, name and array suffix."""
    text = " ".join(text.split())
    array_match = re.search(r"(\s*\[[^\]]*\])+$", text)
    array = re.sub(r"\s+", "", array_match.group(0)) if array_match else ""
    tokens = re.findall(r"[A-Za-z_]\w*|\*", text[: array_match.start()] if array_match else text)
    type_words = [t for t in tokens[:-1] if t != "*" and t not in QUALIFIERS]
    named = bool(tokens) and tokens[-1] != "*" and tokens[-1] not in C_TYPE_WORDS | QUALIFIERS and bool(type_words)
    name = tokens.pop() if named else f"arg{index}"
    type_text = ""
    for token in tokens:
        type_text += token if token == "*" and type_text.endswith("*") else f" {token}"
    return Param(type_text.strip(), name, array)


def parse_prototypes(header_text):
    """Returns {name: Prototype} of every MPI_ function declared in the header text."""
    # One pass, left to right, so that a string may hold ';' or '/*' and a comment may hold '"'.
    def blank(match):
        return '""' if match.group(0).startswith('"') else " "

    text = re.sub(r'"(?:\\.|[^"\\])*"|/\*.*?\*/|//[^\n]*', blank, header_text, flags=re.S)
    text = re.sub(r"^\s*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    declaration = re.compile(
        r"(?:OMPI_DECLSPEC\s+)?(?P<ret>\b[A-Za-z_][\w\s\*]*?)\s*\b(?P<name>MPI_\w+)\s*\((?P<params>[^()]*)\)\s*"
        r"(?:\w+\s*\([^;]*\))?\s*$",
        re.S,
    )
    prototypes = {}
    for statement in text.split(";"):
        match = declaration.search(statement)
        if not match or "typedef" in statement:
            continue
        params_text = match.group("params").strip()
        pieces = [] if params_text in ("", "void") else params_text.split(",")
        params = tuple(parse_param(piece, index) for index, piece in enumerate(pieces))
        prototypes[match.group("name")] = Prototype(match.group("name"), " ".join(match.group("ret").split()), params)
    return prototypes


def fortran_entry_points(name, symbols):
    """Returns [(entry, profiling entry)] of the Fortran bindings of a C function that exist in
    symbols: the four mpif.h manglings (and the TYPE(C_PTR) _cptr variants Open MPI adds) and the
    mpi_f08 names (Open MPI: mpi_send_f08_ and pmpi_send_f08_; MPICH: mpi_barrier_f08_ or, with a
    choice buffer, mpi_send_f08ts_, and pmpir_ twins). An entry is wrapped only if its profiling
    twin exists to forward to."""
    lower = name.lower()
    rest = lower[len("mpi_"):]
    candidates = []
    for variant in (lower, lower + "_cptr"):
        for entry in (variant, variant + "_", variant + "__"):
            candidates.append((entry, "p" + entry))
        candidates.append((variant.upper(), "P" + variant.upper()))
    candidates.append((lower + "_f08_", "p" + lower + "_f08_"))
    for suffix in F08_SUFFIXES:
        candidates.append((lower + suffix, "pmpir_" + rest + suffix))
    found = {}
    for entry, profiling in candidates:
        if entry in symbols and profiling in symbols:
            found.setdefault(entry, profiling)
    return list(found.items())


def read_symbols(nm, libraries):
    """Returns the names of the dynamic symbols the libraries define, as `nm -D` lists them."""
    symbols = set()
    for library in libraries:
        listing = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True, text=True, check=True)
        symbols.update(line.split()[-1] for line in listing.stdout.splitlines() if line.strip())
    return symbols


separator = "\n"
GENERATED = "// Generated by profiler/mpi/generate_wrappers.py from mpi_calls.tsv and mpi.h; do not edit.\n"


def render_call_ids(rows):
    kinds = "".join(f"  {kind}, ///< {meaning}\n" for kind, meaning in KINDS.items())
    kind_names = ", ".join(f'"{kind}"' for kind in KINDS)
    ids = "".join(f"inline constexpr CallId {name} = {index};\n" for index, (name, _) in enumerate(rows))
    infos = "".join(f'    {{"{name}", CallKind::{kind}}},\n' for name, kind in rows)
    return f"""{GENERATED}// The dense ids of the intercepted MPI functions, and what each one is in a table
// indexed by id.
#pragma once

#include "mpi/mpi_state.hpp"
#include "tally/model/region_counts.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tally::profiler::mpi {{

/// What an intercepted function does.
enum class CallKind : std::uint8_t {{
{kinds}}};
inline constexpr std::size_t kind_count = {len(KINDS)};
inline constexpr std::array<std::string_view, kind_count> kind_names{{{kind_names}}};
// The document counts calls per kind under the model's names (raw.mpi.calls_by_kind).
static_assert(kind_names == model::mpi_call_kinds, "generate_wrappers.py and model/region_counts.hpp name other kinds");

/// Name and kind of one intercepted function.
struct CallInfo {{
  std::string_view name;
  CallKind kind;
}};

namespace call {{
{ids}}} // namespace call

inline constexpr std::size_t call_count = {len(rows)};
/// Indexed by CallId.
inline constexpr std::array<CallInfo, call_count> calls{{{{
{infos}}}}};

}} // namespace tally::profiler::mpi
"""


def payload_lines(payloads, argument, function="add_payload"):
    """The payload calls of a wrapper; `argument(position)` spells the argument passed."""
    return "".join(f"  mpi::{function}(mpi::Payload::{where}, {argument(count)}, {argument(datatype)});\n"
                   for where, count, datatype in payloads)


def render_c_wrappers(functions, prototypes, payloads):
    weak = "".join(f"__attribute__((weak)) decltype(P{name}) P{name};\n" for name, _ in functions)
    wrappers = []
    for name, row in functions:
        prototype = prototypes[name]
        params = ", ".join(param.declaration() for param in prototype.params)
        args = ", ".join(param.name for param in prototype.params)
        payload = payload_lines(payloads[row], lambda position: prototype.params[position].name)
        wrappers.append(
            f"""extern "C" TALLY_MPI_MEASURED {prototype.return_type} tally_measured_{name}({params}) {{
  mpi::enter(mpi::call::{row});
{payload}  const {prototype.return_type} result = P{name}({args});
  mpi::leave(mpi::call::{row});
  return result;
}}
TALLY_MPI_ENTRY({name})
"""
        )
    return f"""{GENERATED}// One C wrapper per row of the table, and per large-count variant (MPI_Send_c) the header
// declares, with the row's call id: enter, the payload's bytes, the real PMPI function, leave; its
// entry point (mpi_entry.hpp) passes the call through untouched in a process that runs another
// family's MPI.
#include <mpi.h>

#include "mpi/mpi_entry.hpp"
#include "mpi/mpi_state.hpp"
#include "mpi_call_ids.hpp"

// Kept whole and under its name for the entry points' assembly, with link-time optimisation too.
__attribute__((used)) std::atomic<bool> tally_mpi_passing_through{{false}};

// Weak, so that libtally.so neither links libmpi nor fails to load in a program without MPI: a
// wrapper only runs when the program calls MPI, and then the MPI library defines its PMPI twin.
extern "C" {{
{weak}}}

namespace mpi = tally::profiler::mpi;

{separator.join(wrappers)}"""


def render_fortran_wrappers(rows, prototypes, symbols, payloads):
    """Returns the source and {name: [entry]} of the wrapped Fortran entry points."""
    wrapped, blocks = {}, []
    for name, _ in rows:
        params = prototypes[name].params
        hidden_lengths = sum(param.is_character() for param in params)
        declared = ["void*"] * (len(params) + 1) + ["std::size_t"] * hidden_lengths
        formals = ", ".join(f"{kind} a{index}" for index, kind in enumerate(declared))
        args = ", ".join(f"a{index}" for index in range(len(declared)))
        for entry, profiling in fortran_entry_points(name, symbols):
            wrapped.setdefault(name, []).append(entry)
            blocks.append(
                f"""__attribute__((weak)) void {profiling}({", ".join(declared)});
void {entry}({formals}) {{
  if (tally_mpi_passing_through.load(std::memory_order_relaxed)) {{
    static const auto own = reinterpret_cast<decltype(&{entry})>(mpi::next_definition("{entry}"));
    if (own) own({args});
    return;
  }}
  mpi::enter(mpi::call::{name});
{payload_lines(payloads[name], lambda position: f"a{position}", "add_fortran_payload")}  {profiling}({args});
  mpi::leave(mpi::call::{name});
}}
"""
            )
    source = f"""{GENERATED}// The Fortran entry points of the table's functions. Fortran bindings that call the C
// PMPI_ functions directly (Open MPI's, MPICH's mpi_f08) bypass the C wrappers; where a binding
// calls the C MPI_ function (MPICH's mpif.h), that call is nested and counts once. Fortran passes every argument by
// reference, then ierror, then one hidden length per CHARACTER argument: forwarded untouched. A
// payload's count and datatype are read through their references (mpi::add_fortran_payload). In a
// process that runs another family's MPI (mpi_entry.hpp) each calls the MPI's own entry point.
#include <cstddef>

#include "mpi/mpi_entry.hpp"
#include "mpi/mpi_state.hpp"
#include "mpi_call_ids.hpp"

namespace mpi = tally::profiler::mpi;

// The profiling entries are weak, so that libtally.so neither links the Fortran MPI libraries nor
// fails to load without them: a wrapper only runs when the program calls MPI from Fortran.
extern "C" {{

{separator.join(blocks)}}} // extern "C"
"""
    return source, wrapped


def render_fortran_lifecycle(symbols):
    """The Fortran entry points of the functions wrapped by hand, one macro call each, for
    fortran_lifecycle.cpp to define: the same names and twins as the generated wrappers."""
    lines = "".join(f"TALLY_FORTRAN_LIFECYCLE({name}, {entry}, {profiling})\n"
                    for name in HAND_WRITTEN for entry, profiling in fortran_entry_points(name, symbols))
    return f"""{GENERATED}// The Fortran entry points of {", ".join(HAND_WRITTEN)} that the MPI's Fortran
// libraries export with a profiling twin: TALLY_FORTRAN_LIFECYCLE(C function, entry, profiling entry).
{lines}"""


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--table", required=True, help="mpi_calls.tsv")
    parser.add_argument("--mpi-header", required=True, help="mpi.h, preprocessed")
    parser.add_argument("--output-dir", required=True)
    parser.add_argument("--nm", default="nm", help="nm, to list the Fortran libraries' symbols")
    parser.add_argument("--fortran-library", action="append", default=[], help="a Fortran MPI library to wrap")
    parser.add_argument("--mpi-version", help="the MPI standard version of mpi.h (MPI_VERSION.MPI_SUBVERSION): "
                        "rows of a later one are left out")
    options = parser.parse_args(argv)
    try:
        mpi_version = parse_version(options.mpi_version, "--mpi-version") if options.mpi_version else None
        rows, payloads, left_out = read_table(options.table, mpi_version)
        prototypes = parse_prototypes(pathlib.Path(options.mpi_header).read_text())
        missing = [name for name, _ in rows if name not in prototypes]
        if missing:
            raise GeneratorError(f"{options.mpi_header} declares no {', '.join(missing)} (listed in {options.table})")
        functions = wrapped_functions(rows, prototypes)
        check_payloads(functions, payloads, prototypes)
        symbols = read_symbols(options.nm, options.fortran_library)
    except (GeneratorError, OSError, subprocess.CalledProcessError) as error:
        print(f"generate_wrappers.py: error: {error}", file=sys.stderr)
        return 1
    fortran_source, fortran_wrapped = render_fortran_wrappers(rows, prototypes, symbols, payloads)
    output = pathlib.Path(options.output_dir)
    output.mkdir(parents=True, exist_ok=True)
    (output / "mpi_call_ids.hpp").write_text(render_call_ids(rows))
    (output / "mpi_wrappers.cpp").write_text(render_c_wrappers(functions, prototypes, payloads))
    (output / "fortran_wrappers.cpp").write_text(fortran_source)
    (output / "fortran_lifecycle_entries.inc").write_text(render_fortran_lifecycle(symbols))

    entries = [entry for entries in fortran_wrapped.values() for entry in entries]
    f08 = sum(entry.endswith(F08_SUFFIXES) for entry in entries)
    per_kind = collections.Counter(kind for _, kind in rows)
    print(f"tally: {len(rows)} C wrappers, {len(functions) - len(rows)} large-count ones; {len(entries) - f08} "
          f"Fortran mpif.h/use mpi wrappers, {f08} use mpi_f08 wrappers, for {len(fortran_wrapped)} of the "
          f"{len(rows)} functions")
    print("tally: per kind: " + ", ".join(f"{kind} {per_kind[kind]}" for kind in KINDS))
    print(f"tally: {sum(bool(payloads[name]) for name, _ in rows)} wrappers count payload bytes")
    if left_out:
        print(f"tally: left out, of a later MPI standard than {options.mpi_version}: {', '.join(left_out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
