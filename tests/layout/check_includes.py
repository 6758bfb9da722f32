#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks that the includes follow the map of ARCHITECTURE.md: model reaches nothing of ours,
analysis nothing above it, gate and pages nothing sideways except pages -> gate, the profiler
core no backend, and no backend another backend.

Usage: check_includes.py ROOT          checks the tree, one line per violation
       check_includes.py --self-test   checks that a tree with violations is caught
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
BACKENDS = ("mpi", "openmp", "cuda", "counters")

# Per component: the quoted include prefixes it may use, and third-party headers it must not use.
COMPONENTS = {
    "model": (("tally/model/",), ("git2", "kainjow/", "CLI/", "toml++/", "mpi.h", "cupti", "cuda")),
    "analysis": (("analysis/", "tally/model/"), ("kainjow/", "CLI/", "toml++/", "mpi.h", "cupti")),
    "gate": (("gate/", "analysis/", "tally/model/"), ("kainjow/", "CLI/", "git2", "mpi.h", "cupti")),
    "pages": (("pages/", "gate/", "analysis/", "tally/model/"), ("CLI/", "toml++/", "git2", "mpi.h", "cupti")),
    "cli": (("cli/", "pages/", "gate/", "analysis/", "tally/model/"), ("mpi.h", "cupti")),
}


def component_rule(path):
    """(allowed quoted prefixes, forbidden angle prefixes) for a file, or None if unchecked."""
    parts = path.split("/")
    if parts[0] in COMPONENTS:
        return COMPONENTS[parts[0]]
    if parts[0] == "profiler" and len(parts) > 2:
        folder = parts[1]
        if folder == "core":
            return (("core/", "tally/model/", "tally.h"), ("mpi.h", "cupti", "cuda", "omp-tools.h", "git2"))
        if folder in BACKENDS:
            # The MPI backend's generated files (profiler/mpi/wrappers.cmake).
            generated = ("mpi_call_ids.hpp", "fortran_lifecycle_entries.inc")
            return ((folder + "/", "core/", "tally/model/", "tally.h", *generated), ("git2",))
    return None


def local_header(root, path, name):
    """A quoted include found next to the including file (private headers of a folder)."""
    return os.path.exists(os.path.join(root, os.path.dirname(path), name))


def violations(root):
    out = []
    for folder, _, files in os.walk(root):
        relative_folder = os.path.relpath(folder, root)
        if relative_folder.split(os.sep)[0] in ("build", ".git", "tests") or relative_folder.startswith("build"):
            continue
        for name in files:
            if not name.endswith((".cpp", ".hpp", ".h", ".c")):
                continue
            path = os.path.normpath(os.path.join(relative_folder, name)).replace(os.sep, "/")
            rule = component_rule(path)
            if rule is None:
                continue
            allowed, forbidden = rule
            with open(os.path.join(root, path), encoding="utf-8") as source:
                text = source.read()
            for bracket, header in INCLUDE.findall(text):
                if bracket == '"' and not header.startswith(allowed) and not local_header(root, path, header):
                    out.append("%s: includes \"%s\", outside what %s may reach" % (path, header, path.split("/")[0]))
                if bracket == "<" and header.startswith(forbidden):
                    out.append("%s: includes <%s>, a library this component must not use" % (path, header))
    return out


def self_test():
    with tempfile.TemporaryDirectory() as root:
        files = {
            "model/src/a.cpp": '#include "tally/model/a.hpp"\n#include "analysis/x.hpp"\n',
            "analysis/b.cpp": '#include "analysis/b.hpp"\n#include "gate/compare.hpp"\n',
            "gate/c.cpp": '#include "pages/site.hpp"\n',
            "pages/d.cpp": '#include "gate/compare.hpp"\n#include <CLI/CLI.hpp>\n',
            "profiler/core/e.cpp": '#include "cuda/device.hpp"\n',
            "profiler/mpi/f.cpp": '#include "openmp/team.hpp"\n#include "core/state.hpp"\n',
        }
        for path, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as out:
                out.write(text)
        found = sorted(line.split(":")[0] for line in violations(root))
        expected = sorted(["model/src/a.cpp", "analysis/b.cpp", "gate/c.cpp", "pages/d.cpp", "profiler/core/e.cpp",
                           "profiler/mpi/f.cpp"])
        if found != expected:
            print("check_includes self-test: caught %s, expected %s" % (found, expected))
            return 1
    print("check_includes self-test: every planted violation caught, pages -> gate allowed")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    problems = violations(sys.argv[1])
    for line in problems:
        print(line)
    print("check_includes: %d violation(s)" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
