# SPDX-License-Identifier: BSD-3-Clause
# Writes hostile run documents from a valid one, for the fault tests of report, pages and gate and
# for bench/hostile_documents.sh: many regions, deep nesting, names of every Unicode class, a run
# whose clock goes backwards. Usage: hostile_documents.py EXAMPLE KIND OUTPUT [N]
import copy
import json
import sys

# One name per hazard: HTML and template syntax, every C0 and C1 control, bidirectional and
# zero-width format characters, combining marks, non-BMP, private use, noncharacters, and length.
NAMES = [
    "<script>alert('x')</script>",
    "\"quoted\" & 'single' </title></svg>",
    "{{mustache}} {{{triple}}} {{& amp}} {{! comment}}",
    "controls " + "".join(chr(c) for c in range(0x01, 0x20)) + "\x7f",
    "c1 " + "".join(chr(c) for c in range(0x80, 0xA0)),
    "nul \x00 inside",
    "bidi \u202egnp.exe\u202c \u2066isolate\u2069 \u200f",
    "zero\u200bwidth\u200d\u2060\ufeff",
    "combining e\u0301\u0338\u20dd",
    "astral \U0001F600 \U0001D11E \U00020000",
    "private \ue000 \U000F0000 nonchar \ufffe \uffff",
    "line\u2028separator\u2029paragraph\x85next",
    "x" * 100000,
]


def base(example):
    return json.load(open(example))


def with_regions(document, names):
    """The document's Global region, then one child of it per name, each a copy of Global."""
    root = document["regions"][0]
    regions = [root]
    for name in names:
        region = copy.deepcopy(root)
        region["name"] = name
        region["parent"] = root["name"]
        regions.append(region)
    document["regions"] = regions
    return document


def names(document, _):
    document["run"]["label"] = NAMES[0]
    document["run"]["experiment"] = NAMES[1]
    return with_regions(document, NAMES)


def backwards(document, _):
    """The run ends before it starts, and its timeline holds more time than its clock had."""
    document["run"]["start_time"], document["run"]["end_time"] = "2026-11-22T00:52:12Z", "2026-11-22T00:52:09Z"
    busy = 10**12
    document["timeline"] = {"bucket_ns": 100000000, "useful_ns": [busy, 0, busy], "mpi_ns": [0, busy, 0],
                            "offload_ns": [0, 0, 0], "openmp_ns": [0, 0, 0]}
    return document


def write_regions(output, count):
    """A document of COUNT regions, written one region at a time: its size is not held in memory."""
    document = base(sys.argv[1])
    root = document["regions"][0]
    text = json.dumps(document)
    head = text[:text.index('"regions": [') + len('"regions": [')]
    with open(output, "w") as out:
        out.write(head + json.dumps(root))
        for i in range(count - 1):
            region = dict(root, name="region_%d" % i, parent=root["name"])
            out.write(", " + json.dumps(region))
        out.write("]}")


def write_deep(output, depth):
    """A document nested DEPTH arrays deep in a field, written as text (json.dump would recurse)."""
    text = json.dumps(base(sys.argv[1]))
    with open(output, "w") as out:
        out.write(text[:-1] + ', "environment_extra": ' + "[" * depth + "]" * depth + "}")


kind, output = sys.argv[2], sys.argv[3]
count = int(sys.argv[4]) if len(sys.argv) > 4 else 0
if kind in ("deep", "regions"):
    {"deep": write_deep, "regions": write_regions}[kind](output, count)
else:
    document = {"names": names, "backwards": backwards}[kind](base(sys.argv[1]), count)
    with open(output, "w") as out:
        json.dump(document, out)
