# SPDX-License-Identifier: BSD-3-Clause
"""Checks the gate's JUnit files against the subset GitLab reads and metrics.txt against the
OpenMetrics text line grammar. Usage: check_reports.py FOLDER"""
import re
import sys
import xml.etree.ElementTree as ET

folder = sys.argv[1]
problems = []


def check_junit(path, expect_failure):
    root = ET.parse(path).getroot()  # raises on XML that is not well-formed
    if root.tag != "testsuites":
        problems.append(f"{path}: root is {root.tag}, not testsuites")
    failures = 0
    cases = 0
    for suite in root:
        if suite.tag != "testsuite" or not suite.get("name"):
            problems.append(f"{path}: {suite.tag} without a name under testsuites")
        for case in suite:
            cases += 1
            if case.tag != "testcase" or not case.get("name") or not case.get("classname"):
                problems.append(f"{path}: testcase without name or classname")
            for child in case:
                if child.tag == "failure":
                    failures += 1
                    if not child.get("message"):
                        problems.append(f"{path}: failure without message")
                elif child.tag not in ("skipped", "system-out"):
                    problems.append(f"{path}: unexpected element {child.tag}")
    if cases == 0:
        problems.append(f"{path}: no test cases")
    if expect_failure and failures == 0:
        problems.append(f"{path}: the regression is not a failure")
    if not expect_failure and failures:
        problems.append(f"{path}: failures without a regression")
    if int(root.get("failures", "-1")) != failures:
        problems.append(f"{path}: failures attribute {root.get('failures')} but {failures} failure elements")
    return root


root = check_junit(f"{folder}/junit.xml", True)
if not any(case.get("name", "").startswith('io|"<&>') for case in root.iter("testcase")):
    problems.append("junit.xml: the hostile region name did not survive escaping")
# One regression (timestep's load balance) is one finding: one failed case in the suite "findings",
# named after its cause, and listing the checks it explains; the hung run is a failed case of its own;
# halo's drop, with one run a side, is inconclusive: a skipped case.
findings = [suite for suite in root if suite.get("name") == "findings"]
expected_findings = ["scaling: timestep: parallel_efficiency", "scaling: timestep: hung",
                     "scaling: halo: parallel_efficiency"]
if len(findings) != 1 or [case.get("name") for case in findings[0]] != expected_findings:
    problems.append("junit.xml: the suite 'findings' does not hold timestep's parallel efficiency, the hang, then halo")
elif findings[0][1].find("failure") is None:
    problems.append("junit.xml: the hung run is not a failure")
elif findings[0][0].find("failure") is None or "mpi_load_balance" not in findings[0][0].find("failure").text:
    problems.append("junit.xml: the finding is not a failure listing the checks it explains")
elif findings[0][2].find("skipped") is None or findings[0][2].find("failure") is not None:
    problems.append("junit.xml: halo's inconclusive finding is not a skipped case")
halo_balance = [case for case in root.iter("testcase") if case.get("name", "").startswith("halo @")
                and case.get("name", "").endswith(": mpi_load_balance")]
if len(halo_balance) != 1 or halo_balance[0].find("skipped") is None or \
        not halo_balance[0].find("skipped").get("message", "").startswith("inconclusive: "):
    problems.append("junit.xml: halo's load balance check is not skipped as inconclusive")
no_baseline = check_junit(f"{folder}/junit_no_baseline.xml", False)
if not any(case.find("skipped") is not None for case in no_baseline.iter("testcase")):
    problems.append("junit_no_baseline.xml: no baseline is not a skipped test case")

# OpenMetrics text: metricname{label="value",...} number, label values with \\ \" \n escaped.
name = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
label_value = r'"(?:[^"\\\n]|\\\\|\\"|\\n)*"'
label = rf"[a-zA-Z_][a-zA-Z0-9_]*={label_value}"
number = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?|Inf|NaN)"
sample = re.compile(rf"^{name}(?:\{{{label}(?:,{label})*\}})? {number}$")
comment = re.compile(rf"^# (?:TYPE {name} (?:gauge|counter|unknown)|HELP {name} .*|EOF)$")
lines = open(f"{folder}/metrics.txt", encoding="utf-8").read().split("\n")
if lines[-1] != "" or lines[-2] != "# EOF":
    problems.append("metrics.txt: does not end with '# EOF' and a line feed")
samples = 0
for number_of_line, line in enumerate(lines[:-1], 1):
    if sample.match(line):
        samples += 1
    elif not comment.match(line):
        problems.append(f"metrics.txt:{number_of_line}: not an OpenMetrics line: {line!r}")
if samples == 0:
    problems.append("metrics.txt: no samples")
if 'region="io|\\"<&>\'`\\\\ \\nname"' not in open(f"{folder}/metrics.txt", encoding="utf-8").read():
    problems.append("metrics.txt: the hostile region name is not escaped as expected")
if 'rank="2",host="node\\"7",call="MPI_Recv",regions="timestep"} 90\n' not in open(f"{folder}/metrics.txt").read():
    problems.append("metrics.txt: the hung run's sample is missing or its host is not escaped")

for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
