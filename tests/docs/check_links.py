# SPDX-License-Identifier: BSD-3-Clause
"""Every relative link and anchor of every Markdown file of the project points somewhere.

A link [text](target) or image ![alt](target) outside code, whose target has no scheme, must name
a file or folder that exists (relative to the Markdown file); its #anchor, in a Markdown file, must
be a heading's anchor as GitHub and GitLab write it (lower case, punctuation dropped, spaces as
hyphens, -1, -2 for repeated headings) or an explicit id. Build trees, hidden folders and
node_modules are not the project's.

Usage: check_links.py ROOT
       check_links.py --self-test     plants broken links in a scratch tree: a checker that sees
                                      nothing cannot pass"""
import os
import re
import sys

from markdown_files import markdown_files
import tempfile

# [text](target "title") or ![alt](<target>); the text may hold one level of brackets.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]"
                  r"\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose(text):
    """The text with fenced code blocks and code spans blanked, lines kept where they were."""
    lines, fence = text.split("\n"), None
    for number, line in enumerate(lines):
        opening = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            lines[number] = ""
        elif opening:
            fence = opening.group(1)
            lines[number] = ""
    return re.sub(r"(`+)(.+?)\1", lambda span: re.sub(r"[^\n]", " ", span.group(0)), "\n".join(lines), flags=re.S)


def slug(heading):
    """The anchor GitHub and GitLab give a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        text = open(path, encoding="utf-8").read()
        fence = None
        for line in text.split("\n"):
            opening = re.match(r"^\s*(`{3,}|~{3,})", line)
            if fence:
                if opening and opening.group(1)[0] == fence[0]:
                    fence = None
                continue
            if opening:
                fence = opening.group(1)
                continue
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                base = slug(heading.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else "%s-%d" % (base, count))
            found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line))
        cache[path] = found
    return cache[path]


def check(root):
    problems, links, files = [], 0, 0
    for path in markdown_files(root):
        files += 1
        text = prose(open(path, encoding="utf-8").read())
        for link in LINK.finditer(text):
            target, number = link.group(1), text.count("\n", 0, link.start()) + 1
            if not target or SCHEME.match(target):
                continue
            links += 1
            where = "%s:%d: %s" % (os.path.relpath(path, root), number, target)
            file_part, _, anchor = target.partition("#")
            linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(linked):
                problems.append("%s: no such file or folder" % where)
            elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
                problems.append("%s: no heading or id #%s in %s" % (where, anchor, os.path.relpath(linked, root)))
    return problems, links, files


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "docs"))
        with open(os.path.join(root, "README.md"), "w") as out:
            out.write("# Top\n\n## The `tally` command: options\n\n## Top\n\n"
                      "[ok](docs/a.md#the-section) [ok](#the-tally-command-options) [ok](#top-1) ![ok](docs)\n"
                      "[broken file](docs/missing.md) [broken anchor](docs/a.md#nowhere) `[code](nowhere.md)`\n"
                      "```\n[fenced](nowhere.md)\n```\n"
                      "[broken own anchor](#top-2) [web](https://example.com/x) `a code\n"
                      "span [wrapped](nowhere.md)` [a wrapped\nlink](nowhere.md)\n")
        with open(os.path.join(root, "docs", "a.md"), "w") as out:
            out.write("# A\n\n## The section\n\n[up](../README.md#top)\n")
        problems, links, _ = check(root)
        expected = ["README.md:8: docs/missing.md: no such file or folder",
                    "README.md:8: docs/a.md#nowhere: no heading or id #nowhere in docs/a.md",
                    "README.md:12: #top-2: no heading or id #top-2 in README.md",
                    "README.md:13: nowhere.md: no such file or folder"]
        if problems != expected or links != 9:
            print("check_links: the self-test found %d links and\n  %s\ninstead of\n  %s"
                  % (links, "\n  ".join(problems), "\n  ".join(expected)))
            return 1
    print("check_links: the self-test's 4 planted broken links found, its 5 good ones accepted")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__)
        return 2
    problems, links, files = check(argv[1])
    for problem in problems:
        print("check_links: " + problem)
    if problems:
        return 1
    print("check_links: %d relative links of %d Markdown files, each to a file and heading that exist" % (links, files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
