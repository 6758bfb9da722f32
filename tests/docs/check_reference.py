# SPDX-License-Identifier: BSD-3-Clause
"""The reference tables of the guide are the code's: options, environment variables, commands.

  - the profiler's option table of docs/measuring.md is what `tally run --options-markdown` prints
    from the option rows (model/profiler_options), line for line;
  - every TALLY_* variable the profiler or the command names (a string literal in profiler/, cli/
    or model/) is in measuring.md's option table or its table of other variables, and every
    variable of those tables is named in that code;
  - the subcommands of `tally --help` are the rows of docs/commands.md's command table, the options
    of `tally --help` those of its table of options every command takes, and the options of each
    `tally <command> --help` those of the command's section (for `tally run`, with the profiler's
    option table);
  - each of these tables is in one Markdown file of the project, once.

Usage: check_reference.py TALLY ROOT"""
import os
import re
import subprocess
import sys

OPTIONS_BEGIN, OPTIONS_END = "<!-- options:begin", "<!-- options:end"


def run(tally, *arguments):
    return subprocess.run([tally, *arguments], check=True, capture_output=True, text=True).stdout


def help_sections(text):
    """{"Options": [...], "Subcommands": [...]}: the first word of each entry of each section."""
    sections, current = {}, None
    for line in text.split("\n"):
        heading = re.match(r"^(\w+):\s*$", line)
        if heading:
            current = sections.setdefault(heading.group(1), [])
        elif current is not None and re.match(r"^  \S", line):
            current.append(line.split()[0])
    return sections


def help_options(text):
    names = set()
    for entry in help_sections(text).get("Options", []):
        names.update(name for name in entry.split(",") if name.startswith("-"))
    return names - {"-h", "--help"}


def table_rows(lines):
    """The cells of the body rows of every table in these lines."""
    rows = []
    for line in lines:
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def sections(text):
    """{heading: [lines]} of a Markdown page, code blocks included in their section."""
    found, current = {"": []}, ""
    for line in text.split("\n"):
        heading = re.match(r"^#{1,6}\s+(.*)$", line)
        if heading:
            current = heading.group(1).strip()
            found[current] = []
        else:
            found[current].append(line)
    return found


def first_cell_options(rows):
    names = set()
    for row in rows[1:] if rows and row_is_header(rows[0]) else rows:
        names.update(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", row[0]))
    return names


def row_is_header(row):
    return not any("`" in cell for cell in row)


def code_literals(root):
    literals = set()
    for folder in ("profiler", "cli", "model"):
        for path, _, files in os.walk(os.path.join(root, folder)):
            for name in files:
                if name.endswith((".c", ".cpp", ".hpp", ".h")):
                    literals.update(re.findall(r"\"([A-Z][A-Z0-9_]+)\"", open(os.path.join(path, name)).read()))
    return literals


def markdown_texts(root):
    for folder, folders, files in os.walk(root):
        if "CMakeCache.txt" in files:
            folders[:] = []
            continue
        folders[:] = [name for name in folders if not name.startswith(".") and name != "node_modules"]
        for name in files:
            if name.endswith(".md"):
                yield os.path.relpath(os.path.join(folder, name), root), open(os.path.join(folder, name)).read()


def differences(what, in_code, in_docs, code_name, docs_name):
    problems = []
    for name in sorted(in_code - in_docs):
        problems.append("%s %s is in %s but not in %s" % (what, name, code_name, docs_name))
    for name in sorted(in_docs - in_code):
        problems.append("%s %s is in %s but not in %s" % (what, name, docs_name, code_name))
    return problems


def check(tally, root):
    problems = []
    measuring = open(os.path.join(root, "docs", "measuring.md")).read()
    commands = sections(open(os.path.join(root, "docs", "commands.md")).read())

    # The profiler's options, as the option rows print them.
    expected = run(tally, "run", "--options-markdown").strip("\n").split("\n")
    inside = measuring.split(OPTIONS_BEGIN, 1)[-1].split(OPTIONS_END, 1)[0] if OPTIONS_BEGIN in measuring else ""
    documented = [line for line in inside.split("\n") if line.startswith("|")]
    if documented != expected:
        problems.append("docs/measuring.md's option table differs from the option rows; paste `tally run "
                        "--options-markdown` between its options:begin and options:end lines")
    option_rows = table_rows(documented[2:])
    profiler_options = {re.sub(r"`", "", row[1]) for row in option_rows}

    # Environment variables: the option table and the table of other variables.
    variables = sections(measuring).get("Options and environment variables", [])
    other = [row for row in table_rows(variables) if row[0].startswith("`") and not row[0].startswith("`TALLY_")
             or row[0].startswith("`TALLY_") and len(row) == 3]
    documented_variables = {row[0].strip("`") for row in option_rows} | {row[0].strip("`") for row in other}
    literals = code_literals(root)
    problems += differences("environment variable", {name for name in literals if name.startswith("TALLY_")},
                            {name for name in documented_variables if name.startswith("TALLY_")},
                            "the code of profiler/, cli/ and model/", "docs/measuring.md")
    for name in sorted(name for name in documented_variables if not name.startswith("TALLY_")):
        if name not in literals:
            problems.append("environment variable %s is in docs/measuring.md but not in the code of profiler/, "
                            "cli/ and model/" % name)

    # The commands and their options.
    top = run(tally, "--help")
    subcommands = set(help_sections(top).get("Subcommands", []))
    table = commands.get("The `tally` command", [])
    listed = {re.match(r"`tally (\w+)", row[0]).group(1) for row in table_rows(table) if row[0].startswith("`tally ")}
    problems += differences("subcommand", subcommands, listed, "`tally --help`", "docs/commands.md's command table")
    common = first_cell_options([row for row in table_rows(table) if not row[0].startswith("`tally ")])
    problems += differences("option", help_options(top) | {"-h", "--help"}, common, "`tally --help`",
                            "docs/commands.md's options every command takes")
    for command in sorted(subcommands):
        in_help = help_options(run(tally, command, "--help"))
        section = "`tally %s`" % command
        if section not in commands:
            problems.append("docs/commands.md has no section ## %s" % section)
            continue
        in_docs = first_cell_options(table_rows(commands[section]))
        if command == "run":
            in_docs |= profiler_options
        problems += differences("option", {"%s %s" % (command, name) for name in in_help},
                                {"%s %s" % (command, name) for name in in_docs},
                                "`tally %s --help`" % command, "docs/commands.md (%s)" % section)

    # Each reference table once, in the whole project.
    marks = {"the profiler's option table": OPTIONS_BEGIN, "the command table": "| `tally prune --input",
             "the exit codes": "\n## Exit codes\n", "the other environment variables": "| `TALLY_LIBRARY` |"}
    for what, mark in marks.items():
        where = [name for name, text in markdown_texts(root) for _ in range(text.count(mark))]
        if len(where) != 1:
            problems.append("%s should be in one Markdown file, once; found %d times (%s)"
                            % (what, len(where), ", ".join(sorted(where)) or "nowhere"))
    return problems, len(option_rows), len(documented_variables), len(subcommands)


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    problems, options, variables, subcommands = check(argv[1], argv[2])
    for problem in problems:
        print("check_reference: " + problem)
    if problems:
        return 1
    print("check_reference: %d profiler options, %d environment variables and %d subcommands with their options,"
          " as the code declares them, each table once" % (options, variables, subcommands))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
