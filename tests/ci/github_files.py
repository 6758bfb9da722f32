# SPDX-License-Identifier: BSD-3-Clause
"""Prepares GitHub files for the linters.

  action-workflow ACTION_YML OUT   a workflow (on: workflow_call, with the action's inputs as string
                                   inputs) whose one job runs the composite action's steps, so that
                                   actionlint checks the steps, their expressions and every
                                   inputs.* they use; actionlint itself reads only workflows
  run-scripts OUT_DIR FILE...      every run: block of the workflows and actions as a bash file
                                   for shellcheck, each ${{ expression }} as a shell variable
"""
import os
import re
import sys

import yaml


def action_workflow(action_path, out):
    with open(action_path) as stream:
        action = yaml.safe_load(stream)
    inputs = {}
    for name, spec in (action.get("inputs") or {}).items():
        entry = {"type": "string", "description": spec.get("description", name)}
        if spec.get("required"):
            entry["required"] = True
        if "default" in spec:
            entry["default"] = str(spec["default"])
        inputs[name] = entry
    workflow = {
        "name": "%s (steps of %s)" % (action.get("name", "action"), action_path),
        "on": {"workflow_call": {"inputs": inputs}},
        "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}},
    }
    with open(out, "w") as stream:
        yaml.safe_dump(workflow, stream, sort_keys=False, width=1000)


def steps_of(document):
    if "runs" in document:
        yield "action", document["runs"].get("steps") or []
    for name, job in (document.get("jobs") or {}).items():
        yield name, job.get("steps") or []


def run_scripts(out_dir, files):
    os.makedirs(out_dir, exist_ok=True)
    count = 0
    for path in files:
        with open(path) as stream:
            document = yaml.safe_load(stream)
        for job, steps in steps_of(document):
            for number, step in enumerate(steps):
                if "run" not in step or step.get("shell", "bash") != "bash":
                    continue
                script = re.sub(r"\$\{\{.*?\}\}", "${GITHUB_EXPRESSION}", step["run"], flags=re.S)
                name = "%s-%s-%d.sh" % (os.path.basename(path).replace(".", "_"), job, number + 1)
                with open(os.path.join(out_dir, name), "w") as stream:
                    stream.write("#!/usr/bin/env bash\n# %s, job %s, step %r\n" % (path, job, step.get("name")))
                    stream.write("%s\n" % script)
                count += 1
    print(count)


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "action-workflow":
        action_workflow(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == "run-scripts":
        run_scripts(sys.argv[2], sys.argv[3:])
    else:
        print(__doc__)
        sys.exit(2)
