# SPDX-License-Identifier: BSD-3-Clause
"""Checks that sample charts are well-formed, standalone SVG that carries user text exactly.

usage: check_svg.py <folder>; every *.svg in it must parse with xml.etree, have an <svg> root in
the SVG namespace with a viewBox, role="img" and a <title>, and contain no script, event
handler or external reference. hostile.svg must give back its hostile strings verbatim once
parsed, which shows they were escaped rather than dropped.
"""
import pathlib
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def check(path):
    root = ET.parse(path).getroot()
    problems = []
    if root.tag != SVG + "svg":
        problems.append(f"root is {root.tag}")
    for attribute in ("viewBox", "role", "aria-label"):
        if attribute not in root.attrib:
            problems.append(f"no {attribute}")
    if len(root) == 0 or root[0].tag != SVG + "title":
        problems.append("first child is not <title>")
    for element in root.iter():
        if element.tag in (SVG + "script", SVG + "foreignObject", SVG + "image", SVG + "use", SVG + "a"):
            problems.append(f"element {element.tag}")
        for name in element.attrib:
            if name.lower().startswith("on") or name.endswith("href"):
                problems.append(f"attribute {name} on {element.tag}")
    if path.name == "hostile.svg":
        texts = [t for e in root.iter() for t in (e.text, *e.attrib.values()) if t]
        for expected in ("<script>alert(1)</script>", "rank\"s' & <nodes>", "</text></svg><script>x()</script>"):
            if not any(expected in t for t in texts):
                problems.append(f"hostile string {expected!r} not given back")
    return problems


def main():
    files = sorted(pathlib.Path(sys.argv[1]).glob("*.svg"))
    if len(files) < 5:
        print(f"expected 5 sample charts, found {len(files)}")
        return 1
    failed = 0
    for path in files:
        try:
            problems = check(path)
        except ET.ParseError as error:
            problems = [f"not well-formed: {error}"]
        for problem in problems:
            print(f"{path}: {problem}")
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
