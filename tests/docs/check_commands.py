# SPDX-License-Identifier: BSD-3-Clause
"""Every `tally ...` command line quoted in a code block of the project's Markdown is one the
command's own parser accepts.

In each fenced code block (shell continuation lines joined, `# comments` and a leading `$ ` prompt
dropped), every simple command (split at `&&`, `||`, `;`, `|`) whose program is `tally` (or a path
ending in /tally), after any `VAR=value` assignments, is handed, its arguments unquoted as the
shell would, to PARSER: tally's CLI11 app with the subcommands' actions taken out
(tests/docs/parse_command_line.cpp), which exits 2 and says why when tally would refuse the line.
Redirections end the arguments. Lines of output in code blocks start with no program and are
left alone.

Usage: check_commands.py PARSER ROOT"""
import os
import re
import shlex
import subprocess
import sys

from markdown_files import markdown_files

SEPARATORS = {"&&", "||", ";", "|", "&"}
REDIRECTION = re.compile(r"^\d*[<>]")


def code_lines(text):
    """(line number, logical line) of every fenced code block, continuation lines joined."""
    fence, pending, start = None, "", 0
    for number, line in enumerate(text.split("\n"), 1):
        opening = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence is None:
            if opening:
                fence = opening.group(1)
            continue
        if opening and opening.group(1)[0] == fence[0]:
            fence = None
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        yield start, (pending + line).strip()
        pending = ""


def tally_commands(line):
    """The argument lists (after `tally`) of the tally commands of one shell line."""
    line = re.sub(r"^\$\s+", "", line)
    try:
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        tokens = list(lexer)
    except ValueError:
        return []
    found, command = [], []
    for token in tokens + [";"]:
        if token in SEPARATORS:
            while command and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", command[0]):
                command.pop(0)
            if command and os.path.basename(command[0]) == "tally":
                arguments = []
                for argument in command[1:]:
                    if REDIRECTION.match(argument):
                        break
                    arguments.append(argument)
                found.append(arguments)
            command = []
        else:
            command.append(token)
    return found


def check(parser, root):
    problems, count = [], 0
    for path in markdown_files(root):
        for number, line in code_lines(open(path, encoding="utf-8").read()):
            for arguments in tally_commands(line):
                count += 1
                result = subprocess.run([parser, *arguments], capture_output=True, text=True)
                if result.returncode != 0:
                    problems.append("%s:%d: `tally %s` is refused by tally's parser: %s"
                                    % (os.path.relpath(path, root), number, shlex.join(arguments),
                                       result.stderr.strip() or "exit %d" % result.returncode))
    return problems, count


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    problems, count = check(argv[1], argv[2])
    for problem in problems:
        print("check_commands: " + problem)
    if problems:
        return 1
    if count == 0:
        print("check_commands: no tally command line found in the Markdown files; is ROOT the project?")
        return 1
    print("check_commands: %d tally command lines quoted in the Markdown files, each accepted by tally's parser"
          % count)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
