# SPDX-License-Identifier: BSD-3-Clause
"""The CI templates are valid YAML with the keys their platforms require, and call only scripts
of ci/ that exist, are executable, and are the ones the end-to-end pipeline test runs.

GitLab: stages; every script line and variable a string; every job a stage among them and a script; a `pages`
job deploying `public`; the gate's JUnit and metrics files in artifacts:reports. GitHub: the composite action's name,
description, runs.using, steps with a shell, declared inputs with string defaults; the example workflow's triggers,
jobs with runs-on and steps, and the Pages upload and deployment.
Usage: check_templates.py PROJECT_SOURCE_DIR"""
import os
import re
import sys

try:
    import yaml
except ImportError:
    print("check_templates: python3-yaml is missing; skipped")
    sys.exit(77)

import doc_snippets  # noqa: E402 (beside this file; it needs yaml too)

root = sys.argv[1]
ci = os.path.join(root, "ci")
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)


def load(path):
    with open(os.path.join(root, path)) as stream:
        return yaml.safe_load(stream)


def scripts_in(text):
    return set(re.findall(r"(tally-[a-z-]+\.sh)", text))


def check_scripts(source, names):
    for name in sorted(names):
        path = os.path.join(ci, name)
        check(os.path.isfile(path), "%s calls ci/%s, which does not exist" % (source, name))
        check(os.access(path, os.X_OK), "%s calls ci/%s, which is not executable" % (source, name))


# GitLab CI
gitlab_path = "ci/gitlab/tally.gitlab-ci.yml"
gitlab = load(gitlab_path)
reserved = {"stages", "variables", "include", "default", "workflow", "image", "services", "cache",
            "before_script", "after_script"}
stages = gitlab.get("stages")
check(isinstance(stages, list) and stages, "gitlab: no stages list")
# GitLab takes script lines as strings (or nested lists of them) only: a plain YAML line holding
# ": " reads as a mapping, and the whole file is rejected before any job starts.
for name, job in gitlab.items():
    for key in ("before_script", "script", "after_script"):
        lines = job.get(key, []) if isinstance(job, dict) else []
        for number, line in enumerate(lines if isinstance(lines, list) else [lines]):
            flat = line if isinstance(line, list) else [line]
            check(all(isinstance(part, str) for part in flat),
                  "gitlab: %s %s item %d is a %s, not a string (quote it): %r"
                  % (name, key, number + 1, type(line).__name__, line))
# GitLab rejects a variable that YAML reads as true/false/null or a list, and a number reaches the
# job as YAML wrote it back (1.10 as 1.1): every value is a string, quoted where YAML would not.
for name, value in (gitlab.get("variables") or {}).items():
    if isinstance(value, dict):
        value = value.get("value")
    check(isinstance(value, str), "gitlab: variable %s is a %s, not a string (quote it): %r"
          % (name, type(value).__name__, value))
jobs = {name: job for name, job in gitlab.items() if name not in reserved and not name.startswith(".")}
check(jobs, "gitlab: no jobs")
for name, job in jobs.items():
    merged = dict(gitlab.get(job.get("extends", ""), {}) if isinstance(job.get("extends"), str) else {})
    merged.update(job)
    stage = merged.get("stage")
    check(stage in (stages or []), "gitlab: job %s has stage %r, not in stages" % (name, stage))
    check(isinstance(merged.get("script"), list) and merged["script"], "gitlab: job %s has no script" % name)
    for need in job.get("needs", []):
        check(need in jobs, "gitlab: job %s needs unknown job %s" % (name, need))
pages = jobs.get("pages", {})
check(pages, "gitlab: no pages job")
check("public" in pages.get("artifacts", {}).get("paths", []), "gitlab: the pages job does not keep public/")
reports = [job.get("artifacts", {}).get("reports", {}) for job in jobs.values()]
check(any("junit" in r for r in reports), "gitlab: no artifacts:reports:junit")
check(any("metrics" in r for r in reports), "gitlab: no artifacts:reports:metrics")
gitlab_scripts = scripts_in(open(os.path.join(root, gitlab_path)).read())
check_scripts("gitlab", gitlab_scripts)

# GitHub composite action
action_path = "ci/github/action.yml"
action = load(action_path)
for key in ("name", "description", "runs"):
    check(key in action, "github action: no %s" % key)
check(action.get("runs", {}).get("using") == "composite", "github action: runs.using is not composite")
steps = action.get("runs", {}).get("steps", [])
check(steps, "github action: no steps")
declared = set(action.get("inputs", {}))
for step in steps:
    check("run" in step or "uses" in step, "github action: step %r neither runs nor uses" % step.get("name"))
    if "run" in step:
        check("shell" in step, "github action: step %r has no shell (composite steps need one)" % step.get("name"))
for used in re.findall(r"inputs\.([a-z-]+)", open(os.path.join(root, action_path)).read()):
    check(used in declared, "github action: inputs.%s is not declared" % used)
for name, spec in action.get("inputs", {}).items():
    check("description" in spec, "github action: input %s has no description" % name)
    # Inputs are strings: a default that YAML reads as a number or a boolean changes type.
    check(isinstance(spec.get("default", ""), str),
          "github action: input %s has the default %r, not a string (quote it)" % (name, spec.get("default")))
check("command" in declared and "scales" in declared and "repetitions" in declared and "experiment" in declared,
      "github action: inputs command, scales, repetitions, experiment expected")
github_scripts = scripts_in(open(os.path.join(root, action_path)).read())
check_scripts("github action", github_scripts)

# GitHub example workflow (PyYAML reads the key `on` as True)
workflow = load("ci/github/example-workflow.yml")
check("on" in workflow or True in workflow, "github workflow: no on")
uses = []
for name, job in workflow.get("jobs", {}).items():
    check("runs-on" in job, "github workflow: job %s has no runs-on" % name)
    check(job.get("steps"), "github workflow: job %s has no steps" % name)
    uses += [step.get("uses", "") for step in job.get("steps", [])]
for needed in ("actions/checkout", "/ci/github@", "actions/upload-pages-artifact", "actions/deploy-pages"):
    check(any(needed in use for use in uses), "github workflow: no step uses %s" % needed)

# The workflows that use the action (the example, the docs' snippets) give it only its inputs.
workflows = [("ci/github/example-workflow.yml", workflow)] + [
    ("%s:%d" % (doc, line), yaml.safe_load(text)) for doc, line, text in doc_snippets.blocks(root)
    if doc_snippets.kind_of(text) == "github"]
for where, flow in workflows:
    for job in (flow.get("jobs") or {}).values():
        for step in job.get("steps", []):
            if "/ci/github@" in step.get("uses", ""):
                unknown = set(step.get("with") or {}) - declared
                check(not unknown, "%s: the action has no input %s" % (where, ", ".join(sorted(unknown))))

# The templates call what the end-to-end test runs: no second copy of the logic. The A/B study of
# merge requests (tally-ab.sh) runs in the engines' tests alone (gitlab_ab_pipeline.sh, github_action.sh).
pipeline_text = open(os.path.join(root, "tests/e2e/pipeline.sh")).read()
pipeline_scripts = set(re.findall(r"\$ci/(tally-[a-z-]+\.sh)", pipeline_text))
for source, names in (("gitlab", gitlab_scripts), ("github action", github_scripts)):
    check(names - {"tally-mr-note.sh", "tally-ab.sh"} == pipeline_scripts,
          "%s calls %s, the pipeline test runs %s" % (source, sorted(names), sorted(pipeline_scripts)))

for problem in problems:
    print("check_templates: " + problem)
if problems:
    sys.exit(1)
print("check_templates: GitLab template, GitHub action and workflow valid; %d scripts, all run by the pipeline test"
      % len(gitlab_scripts | github_scripts))
