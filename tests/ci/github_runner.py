# SPDX-License-Identifier: BSD-3-Clause
"""A simulated GitHub Actions runner for one job of a workflow, as the runner executes it: the
steps in order, `if:` conditions and `${{ }}` expressions evaluated (github, inputs, env, steps,
runner contexts, status functions), `run:` steps written to a file and run with
`bash --noprofile --norc -eo pipefail FILE`, the files of GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH
and GITHUB_STEP_SUMMARY given fresh to each step and read after it, and a composite action
(`uses:` mapped to a local folder) run step by step the same way, with its inputs, defaults and
outputs. Other actions (actions/checkout, the Pages upload) are recorded, not run.

Usage: github_runner.py --workflow FILE --job NAME --event NAME --event-file FILE
                        --workspace DIR --action-map PREFIX=DIR [--replace-run STEP=COMMAND]...
                        [--sha SHA] [--ref REF] [--head-ref B] [--base-ref B] [--repository O/R]
                        [--result FILE]
Prints the log of every step; writes a JSON result (conclusion, exit code, steps, the action's
outputs, the job summary, the recorded actions) to --result. Exit code: the job's (0 success,
else the failing step's)."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml


class ExpressionError(Exception):
    pass


# ---------------------------------------------------------------- expressions
TOKEN = re.compile(r"\s*(?:(?P<number>-?\d+(?:\.\d+)?)|(?P<string>'(?:[^']|'')*')|"
                   r"(?P<op>==|!=|<=|>=|&&|\|\||[()!<>,.\[\]*])|(?P<name>[A-Za-z_][A-Za-z0-9_-]*))")


def tokenize(text):
    tokens, position = [], 0
    text = text.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ExpressionError("cannot read expression at %r" % text[position:])
        position = match.end()
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
    return tokens


def truthy(value):
    return not (value is None or value is False or value == "" or (isinstance(value, (int, float))
                                                                   and not isinstance(value, bool) and value == 0))


def to_string(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dict, list)):
        return json.dumps(value, indent=2)
    return str(value)


def to_number(value):
    if value is None:
        return 0
    if isinstance(value, bool):
        return 1 if value else 0
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        try:
            return float(value.strip()) if value.strip() else 0
        except ValueError:
            return float("nan")
    return float("nan")


def equal(left, right):
    """GitHub's loose equality: strings case-insensitively, values of other types as numbers."""
    if isinstance(left, str) and isinstance(right, str):
        return left.lower() == right.lower()
    if isinstance(left, (dict, list)) or isinstance(right, (dict, list)):
        return left is right
    if type(left) is type(right):
        return left == right
    return to_number(left) == to_number(right)


class Parser:
    def __init__(self, text, context, functions):
        self.tokens = tokenize(text)
        self.position = 0
        self.context = context
        self.functions = functions

    def peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else (None, None)

    def take(self, value=None):
        token = self.peek()
        if value is not None and token[1] != value:
            raise ExpressionError("expected %r, found %r" % (value, token[1]))
        self.position += 1
        return token

    def parse(self):
        value = self.disjunction()
        if self.position != len(self.tokens):
            raise ExpressionError("unexpected %r" % (self.peek()[1],))
        return value

    def disjunction(self):
        value = self.conjunction()
        while self.peek() == ("op", "||"):
            self.take()
            right = self.conjunction()
            value = value if truthy(value) else right
        return value

    def conjunction(self):
        value = self.comparison()
        while self.peek() == ("op", "&&"):
            self.take()
            right = self.comparison()
            value = right if truthy(value) else value
        return value

    def comparison(self):
        value = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("==", "!=", "<", "<=", ">", ">="):
            operator = self.take()[1]
            right = self.unary()
            if operator == "==":
                value = equal(value, right)
            elif operator == "!=":
                value = not equal(value, right)
            else:
                left_number, right_number = to_number(value), to_number(right)
                value = {"<": left_number < right_number, "<=": left_number <= right_number,
                         ">": left_number > right_number, ">=": left_number >= right_number}[operator]
        return value

    def unary(self):
        if self.peek() == ("op", "!"):
            self.take()
            return not truthy(self.unary())
        return self.postfix()

    def postfix(self):
        value = self.primary()
        while True:
            kind, text = self.peek()
            if text == ".":
                self.take()
                name = self.take()[1]
                value = value.get(name, value.get(name.lower())) if isinstance(value, dict) else None
            elif text == "[":
                self.take()
                key = self.disjunction()
                self.take("]")
                if isinstance(value, dict):
                    value = value.get(to_string(key))
                elif isinstance(value, list) and isinstance(to_number(key), (int, float)):
                    index = int(to_number(key))
                    value = value[index] if 0 <= index < len(value) else None
                else:
                    value = None
            else:
                return value

    def primary(self):
        kind, text = self.take()
        if kind == "number":
            return float(text) if "." in text else int(text)
        if kind == "string":
            return text[1:-1].replace("''", "'")
        if text == "(":
            value = self.disjunction()
            self.take(")")
            return value
        if kind == "name":
            if text in ("true", "false"):
                return text == "true"
            if text == "null":
                return None
            if self.peek() == ("op", "("):
                self.take()
                arguments = []
                while self.peek() != ("op", ")"):
                    arguments.append(self.disjunction())
                    if self.peek() == ("op", ","):
                        self.take()
                self.take(")")
                function = self.functions.get(text.lower())
                if function is None:
                    raise ExpressionError("unknown function %s()" % text)
                return function(*arguments)
            if text not in self.context:
                raise ExpressionError("unknown context %r" % text)
            return self.context[text]
        raise ExpressionError("unexpected %r" % text)


def functions_for(status):
    def contains(haystack, needle):
        if isinstance(haystack, list):
            return any(equal(item, needle) for item in haystack)
        return to_string(needle).lower() in to_string(haystack).lower()

    def format_(template, *arguments):
        return re.sub(r"\{(\d+)\}", lambda match: to_string(arguments[int(match.group(1))]),
                      to_string(template)).replace("{{", "{").replace("}}", "}")

    return {
        "success": lambda: status["failed"] is False,
        "failure": lambda: status["failed"] is True,
        "always": lambda: True,
        "cancelled": lambda: False,
        "contains": contains,
        "startswith": lambda text, prefix: to_string(text).lower().startswith(to_string(prefix).lower()),
        "endswith": lambda text, suffix: to_string(text).lower().endswith(to_string(suffix).lower()),
        "format": format_,
        "join": lambda items, separator=",": to_string(separator).join(to_string(item) for item in items)
        if isinstance(items, list) else to_string(items),
        "tojson": lambda value: json.dumps(value, indent=2),
        "fromjson": lambda text: json.loads(text),
    }


def evaluate(expression, context, status):
    return Parser(expression, context, functions_for(status)).parse()


EMBEDDED = re.compile(r"\$\{\{(.*?)\}\}", re.S)


def interpolate(value, context, status):
    """A value with ${{ }}: the expression's value when it is the whole value, else text."""
    if not isinstance(value, str):
        return value
    whole = EMBEDDED.fullmatch(value.strip())
    if whole:
        return evaluate(whole.group(1), context, status)
    return EMBEDDED.sub(lambda match: to_string(evaluate(match.group(1), context, status)), value)


def condition(text, context, status):
    """An `if:`: with a status function or not (then success() && it), ${{ }} optional."""
    if text is None or text == "":
        return status["failed"] is False
    if isinstance(text, bool):
        return text and status["failed"] is False
    expression = str(text).strip()
    whole = EMBEDDED.fullmatch(expression)
    if whole:
        expression = whole.group(1)
    if not re.search(r"\b(success|failure|always|cancelled)\s*\(", expression):
        expression = "success() && (%s)" % expression
    return truthy(evaluate(expression, context, status))


# ---------------------------------------------------------------- the runner files
def read_key_values(path):
    """NAME=value lines and NAME<<DELIMITER heredocs, as GITHUB_OUTPUT and GITHUB_ENV hold them."""
    values = {}
    if not os.path.exists(path):
        return values
    lines = open(path).read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip():
            continue
        heredoc = re.match(r"^([^=<]+)<<(.+)$", line)
        if heredoc:
            name, delimiter, body = heredoc.group(1), heredoc.group(2), []
            while index < len(lines) and lines[index] != delimiter:
                body.append(lines[index])
                index += 1
            if index >= len(lines):
                raise ExpressionError("%s: no closing delimiter %s for %s" % (path, delimiter, name))
            index += 1
            values[name] = "\n".join(body)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
        else:
            raise ExpressionError("%s: invalid line %r" % (path, line))
    return values


class Job:
    def __init__(self, arguments):
        self.arguments = arguments
        self.temp = tempfile.mkdtemp(prefix="runner-")
        self.counter = 0
        self.env = {}           # from GITHUB_ENV, for the following steps
        self.paths = []         # from GITHUB_PATH
        self.summary = []
        self.recorded = []
        self.steps_log = []
        with open(arguments.event_file) as stream:
            self.event = json.load(stream)
        ref = arguments.ref
        self.github = {
            "event_name": arguments.event, "event": self.event, "event_path": arguments.event_file,
            "sha": arguments.sha, "ref": ref, "ref_name": re.sub(r"^refs/(heads|tags)/", "", ref),
            "ref_type": "tag" if ref.startswith("refs/tags/") else "branch",
            "head_ref": arguments.head_ref, "base_ref": arguments.base_ref,
            "repository": arguments.repository, "repository_owner": arguments.repository.split("/")[0],
            "workspace": arguments.workspace, "action_path": "", "server_url": "https://github.invalid",
            "run_id": "1", "run_number": "1", "run_attempt": "1", "actor": "tester", "job": arguments.job,
            "workflow": "", "token": "***", "action": "",
        }
        if arguments.event == "pull_request":
            self.github["ref_name"] = re.sub(r"^refs/pull/(\d+)/merge$", r"\1/merge", ref)
        self.runner = {"os": "Linux", "arch": "X64", "temp": self.temp, "tool_cache": self.temp, "name": "simulated"}

    def base_env(self):
        github = self.github
        env = dict(os.environ)
        env.update({
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": github["event_name"],
            "GITHUB_EVENT_PATH": github["event_path"], "GITHUB_SHA": github["sha"], "GITHUB_REF": github["ref"],
            "GITHUB_REF_NAME": github["ref_name"], "GITHUB_REF_TYPE": github["ref_type"],
            "GITHUB_HEAD_REF": github["head_ref"] or "", "GITHUB_BASE_REF": github["base_ref"] or "",
            "GITHUB_REPOSITORY": github["repository"], "GITHUB_REPOSITORY_OWNER": github["repository_owner"],
            "GITHUB_WORKSPACE": github["workspace"], "GITHUB_SERVER_URL": github["server_url"],
            "GITHUB_RUN_ID": "1", "GITHUB_RUN_NUMBER": "1", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_ACTOR": "tester",
            "GITHUB_JOB": self.arguments.job, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TEMP": self.temp,
        })
        env.update(self.env)
        if self.paths:
            env["PATH"] = os.pathsep.join(list(reversed(self.paths)) + [env.get("PATH", "")])
        return env

    def context(self, env, inputs, steps):
        return {"github": self.github, "env": env, "inputs": inputs, "steps": steps, "runner": self.runner,
                "job": {"status": "success"}, "vars": {}, "secrets": {}, "matrix": {}, "strategy": {},
                "needs": {}}

    def fresh_file(self, name):
        self.counter += 1
        path = os.path.join(self.temp, "%s_%d" % (name, self.counter))
        open(path, "w").close()
        return path

    def run_script(self, label, script, shell, env, working_directory):
        """One run: step. Returns the exit code and its outputs; applies GITHUB_ENV/PATH/summary."""
        if shell not in (None, "bash"):
            raise ExpressionError("%s: only shell bash is simulated, not %r" % (label, shell))
        files = {name: self.fresh_file(name) for name in ("output", "env", "path", "step_summary")}
        env = dict(env)
        env.update({"GITHUB_OUTPUT": files["output"], "GITHUB_ENV": files["env"], "GITHUB_PATH": files["path"],
                    "GITHUB_STEP_SUMMARY": files["step_summary"]})
        script_file = self.fresh_file("script") + ".sh"
        with open(script_file, "w") as stream:
            stream.write(script)
        print("##[group]Run %s" % label, flush=True)
        print(script.rstrip(), flush=True)
        print("##[endgroup]", flush=True)
        code = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script_file],
                               cwd=working_directory, env=env)
        outputs = read_key_values(files["output"])
        self.env.update(read_key_values(files["env"]))
        self.paths += [line for line in open(files["path"]).read().split("\n") if line.strip()]
        summary = open(files["step_summary"]).read()
        if summary:
            self.summary.append(summary)
        if code != 0:
            print("##[error]Process completed with exit code %d." % code, flush=True)
        return code, outputs

    def run_steps(self, steps, inputs, outer_env, where, action_path=None):
        """Steps of a job or a composite action. Returns (failed exit code or 0, steps context)."""
        status = {"failed": False}
        steps_context, exit_code = {}, 0
        for number, step in enumerate(steps):
            name = step.get("name") or step.get("uses") or ("step %d" % (number + 1))
            label = "%s: %s" % (where, name)
            env = self.base_env()
            env.update(outer_env)
            if action_path:
                env["GITHUB_ACTION_PATH"] = action_path
                self.github["action_path"] = action_path
            context = self.context(env, inputs, steps_context)
            step_env = {key: to_string(interpolate(value, context, status))
                        for key, value in (step.get("env") or {}).items()}
            env.update(step_env)
            context = self.context(env, inputs, steps_context)
            record = {"where": where, "name": name}
            if not condition(step.get("if"), context, status):
                record["outcome"] = "skipped"
                self.steps_log.append(record)
                if step.get("id"):
                    steps_context[step["id"]] = {"outputs": {}, "outcome": "skipped", "conclusion": "skipped"}
                print("%s: skipped" % label, flush=True)
                continue
            outputs = {}
            if "run" in step:
                replacement = self.arguments.replacements.get(name)
                script = replacement
                if script is None:
                    script = to_string(interpolate(step["run"], context, status))
                directory = os.path.join(self.arguments.workspace, step.get("working-directory", ""))
                code, outputs = self.run_script(label, script, step.get("shell", "bash"), env, directory)
                record["replaced"] = replacement is not None
            else:
                code, outputs = self.uses(step, context, status, dict(outer_env, **step_env), label, record)
            record["outcome"] = "success" if code == 0 else "failure"
            record["exit_code"] = code
            self.steps_log.append(record)
            if step.get("id"):
                steps_context[step["id"]] = {"outputs": outputs, "outcome": record["outcome"],
                                             "conclusion": record["outcome"]}
            if code != 0 and not step.get("continue-on-error"):
                status["failed"] = True
                exit_code = exit_code or code
        return exit_code, steps_context

    def uses(self, step, context, status, step_env, label, record):
        uses = step["uses"]
        given = {key: to_string(interpolate(value, context, status)) for key, value in (step.get("with") or {}).items()}
        record["uses"], record["with"] = uses, given
        for prefix, folder in self.arguments.action_map:
            if uses.startswith(prefix):
                code, outputs = self.composite(folder, given, label, step_env)
                record["outputs"] = outputs
                return code, outputs
        print("%s: %s recorded (not run) with %s" % (label, uses, json.dumps(given)), flush=True)
        self.recorded.append({"uses": uses, "with": given})
        return 0, {}

    def composite(self, folder, given, label, outer_env):
        with open(os.path.join(folder, "action.yml")) as stream:
            action = yaml.safe_load(stream)
        if action.get("runs", {}).get("using") != "composite":
            raise ExpressionError("%s: %s is not a composite action" % (label, folder))
        declared = action.get("inputs") or {}
        for name in given:
            if name not in declared:
                print("##[warning]Unexpected input '%s', valid inputs are %s" % (name, sorted(declared)), flush=True)
        inputs = {}
        for name, spec in declared.items():
            if name in given:
                inputs[name] = given[name]
            elif spec.get("required"):
                raise ExpressionError("%s: input required and not supplied: %s" % (label, name))
            else:
                inputs[name] = to_string(spec.get("default", ""))
        folder = os.path.abspath(folder)
        # The steps of a composite action see the env of the job and of the step that uses it.
        code, steps_context = self.run_steps(action["runs"]["steps"], inputs, outer_env, label, action_path=folder)
        status = {"failed": code != 0}
        context = self.context(self.base_env(), inputs, steps_context)
        outputs = {name: to_string(interpolate(spec.get("value", ""), context, status))
                   for name, spec in (action.get("outputs") or {}).items()}
        return code, outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workflow", required=True)
    parser.add_argument("--job", required=True)
    parser.add_argument("--event", required=True)
    parser.add_argument("--event-file", required=True)
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--action-map", action="append", default=[])
    parser.add_argument("--replace-run", action="append", default=[])
    parser.add_argument("--input", action="append", default=[], help="workflow_dispatch input NAME=VALUE")
    parser.add_argument("--sha", required=True)
    parser.add_argument("--ref", required=True)
    parser.add_argument("--head-ref", default="")
    parser.add_argument("--base-ref", default="")
    parser.add_argument("--repository", default="example/app")
    parser.add_argument("--result")
    arguments = parser.parse_args()
    arguments.workspace = os.path.abspath(arguments.workspace)
    arguments.action_map = [tuple(item.split("=", 1)) for item in arguments.action_map]
    arguments.replacements = dict(item.split("=", 1) for item in arguments.replace_run)

    with open(arguments.workflow) as stream:
        workflow = yaml.safe_load(stream)
    job = workflow["jobs"][arguments.job]
    triggers = workflow.get("on", workflow.get(True))
    dispatch = (triggers or {}).get("workflow_dispatch") or {} if isinstance(triggers, dict) else {}
    given = dict(item.split("=", 1) for item in arguments.input)
    inputs = {}
    if arguments.event == "workflow_dispatch":
        for name, spec in (dispatch.get("inputs") or {}).items():
            value = given.get(name, spec.get("default"))
            if spec.get("type") == "boolean":
                value = to_string(value).lower() == "true"
            inputs[name] = value
    runner = Job(arguments)
    status = {"failed": False}
    context = runner.context(runner.base_env(), inputs, {})
    job_env = {}
    for level in (workflow, job):
        job_env.update({key: to_string(interpolate(value, context, status))
                        for key, value in (level.get("env") or {}).items()})
    if "if" in job and not condition(job["if"], context, status):
        result = {"conclusion": "skipped", "exit_code": 0, "steps": [], "summary": "", "recorded": []}
    else:
        code, steps_context = runner.run_steps(job["steps"], inputs, job_env, arguments.job)
        result = {"conclusion": "success" if code == 0 else "failure", "exit_code": code, "steps": runner.steps_log,
                  "summary": "".join(runner.summary), "recorded": runner.recorded}
    if arguments.result:
        with open(arguments.result, "w") as stream:
            json.dump(result, stream, indent=2)
    print("job %s: %s (exit %d)" % (arguments.job, result["conclusion"], result["exit_code"]), flush=True)
    return result["exit_code"]


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ExpressionError as error:
        print("github_runner: error: %s" % error, file=sys.stderr)
        sys.exit(3)
