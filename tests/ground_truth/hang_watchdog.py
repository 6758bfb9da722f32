#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The hang watchdog under mpirun, with hang_cases.c on two ranks and TALLY_HANG_TIMEOUT=3s.

Cases (--case):
  deadlock_names_both_ranks_and_leaves_a_hung_document: both ranks wait in MPI_Recv inside
    step > exchange; each prints its line, rank 0 writes the hung document (which validates),
    rank 1 writes none of its own as rank 0's appeared; then the test kills the program.
  long_computation_is_not_named_but_its_waiting_peer_is: rank 0 computes for 4 timeouts, rank 1
    waits for it in MPI_Recv: only rank 1 is named (only time inside a runtime call counts), it
    writes its own -rank1 document, and the run then completes.
  run_without_hang_is_unchanged: the same run with the watchdog on and off gives completed
    documents with the same regions, visits and tree.
Never asserts a time: lines and files are polled for up to 30 s."""

import argparse
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

TIMEOUT_S = 3
OWN_DOCUMENT = re.compile(r"-rank(\d+)\.json$")  # a hung rank's own document, not rank 0's
LINE = re.compile(r"^tally: rank (\d+) \(([^)]+)\) hangs: (\d+) s in (\S+) in (.*)$", re.M)


def fail(message):
    print(f"hang_watchdog: {message}", file=sys.stderr)
    sys.exit(1)


def start(args, folder, mode_arguments, hang_timeout):
    environment = dict(os.environ, LD_PRELOAD=args.preload, TALLY_OUTPUT=str(folder / "runs"))
    environment.pop("TALLY_HANG_TIMEOUT", None)
    if hang_timeout:
        environment["TALLY_HANG_TIMEOUT"] = hang_timeout
    with open(folder / "stderr.txt", "w") as stderr:
        # A session of its own, so that the test ends exactly what it started.
        return subprocess.Popen([*args.mpirun, "-np", "2", args.program, *mode_arguments], env=environment,
                                stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)


def stop(process):
    """Ends the program this test started: SIGTERM to its session (mpirun forwards it to the ranks),
    SIGKILL if it is still there after 20 s."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sent)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=20)
            return
        except subprocess.TimeoutExpired:
            continue


def poll(condition, limit_s=30):
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def hang_lines(folder):
    return LINE.findall((folder / "stderr.txt").read_text())


def documents(folder):
    runs = folder / "runs"
    return sorted(runs.glob("*.json")) if runs.is_dir() else []


def validate(args, folder):
    result = subprocess.run([args.tally, "validate", str(folder / "runs")], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"tally validate failed: {result.stdout}{result.stderr}")


def tree(document):
    """Region name -> (visits, parent): what a run without a hang must keep."""
    return {region["name"]: (region["visits"], region.get("parent")) for region in document["regions"]}


def deadlock(args, folder):
    process = start(args, folder, ["deadlock"], f"{TIMEOUT_S}s")
    try:
        if not poll(lambda: len(hang_lines(folder)) == 2 and documents(folder)):
            fail(f"expected two hang lines and a document; stderr: {(folder / 'stderr.txt').read_text()}")
        lines = sorted(hang_lines(folder))
        for rank, (line_rank, _, waited_s, call, where) in enumerate(lines):
            if int(line_rank) != rank or call != "MPI_Recv" or where != "region exchange (step > exchange)":
                fail(f"unexpected line for rank {rank}: {line_rank} {call} {where}")
            # Named only once the wait passed the timeout.
            if int(waited_s) < TIMEOUT_S:
                fail(f"rank {rank} named after {waited_s} s, before the timeout of {TIMEOUT_S} s")
        # Rank 1 holds its own document back for one timeout, then sees rank 0's and writes none.
        time.sleep(TIMEOUT_S + 2)
        written = documents(folder)
        if len(written) != 1 or OWN_DOCUMENT.search(written[0].name):
            fail(f"expected rank 0's hung document alone, found {[path.name for path in written]}")
        validate(args, folder)
        document = json.loads(written[0].read_text())
        run = document["run"]
        hang = run.get("hang", {})
        if run.get("outcome") != "hung" or hang.get("rank") != 0 or hang.get("call") != "MPI_Recv":
            fail(f"expected rank 0 hung in MPI_Recv, found outcome {run.get('outcome')} and hang {hang}")
        if hang.get("regions") != ["step", "exchange"] or hang.get("waited_ns", 0) < TIMEOUT_S * 10**9:
            fail(f"expected the stack step > exchange and a wait past the timeout, found {hang}")
        # What was measured so far: the open regions, each one visit, nested as they were opened.
        regions = tree(document)
        expected = {"Global": (1, None), "step": (1, "Global"), "exchange": (1, "step")}
        if regions != expected:
            fail(f"expected regions {expected}, found {regions}")
        # Its timeline, this rank's alone up to the moment of the document: the whole wait in
        # MPI_Recv is MPI time (within a millisecond of rounding to buckets).
        timeline = document.get("timeline")
        if not timeline or sum(timeline["mpi_ns"]) < hang["waited_ns"] - 10**6:
            fail(f"expected a timeline holding the {hang['waited_ns']} ns wait as MPI time, found {timeline}")
    finally:
        stop(process)


def long_computation(args, folder):
    # Rank 0 computes for 4 timeouts: rank 1 is named after 1, writes its document after 2.
    process = start(args, folder, ["compute", str(4 * TIMEOUT_S)], f"{TIMEOUT_S}s")
    try:
        process.wait(timeout=120)
    except subprocess.TimeoutExpired:
        stop(process)
        fail("the run did not complete")
    if process.returncode != 0:
        fail(f"the run exited with {process.returncode}")
    lines = hang_lines(folder)
    if [(rank, call, where) for rank, _, _, call, where in lines] != [("1", "MPI_Recv", "region wait (wait)")]:
        fail(f"expected rank 1 alone named, waiting in MPI_Recv in region wait; found {lines}")
    validate(args, folder)
    outcomes = {path.name: json.loads(path.read_text())["run"] for path in documents(folder)}
    hung = [run for name, run in outcomes.items() if name.endswith("-rank1.json")]
    completed = [run for name, run in outcomes.items() if not OWN_DOCUMENT.search(name)]
    if len(outcomes) != 2 or len(hung) != 1 or len(completed) != 1:
        fail(f"expected the completed document and rank 1's hung one, found {sorted(outcomes)}")
    if hung[0].get("outcome") != "hung" or hung[0]["hang"]["rank"] != 1 or hung[0]["hang"]["regions"] != ["wait"]:
        fail(f"rank 1's document: {hung[0]}")
    if completed[0].get("outcome") != "completed":
        fail(f"the run's document says {completed[0].get('outcome')}")


def run_without_hang(args, folder):
    results = {}
    for watchdog in ("3s", ""):
        case = folder / (watchdog or "off")
        case.mkdir()
        process = start(args, case, ["steady"], watchdog)
        try:
            process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            stop(process)
            fail(f"the run with TALLY_HANG_TIMEOUT={watchdog or 'unset'} did not complete")
        written = documents(case)
        if process.returncode != 0 or len(written) != 1 or hang_lines(case):
            fail(f"with TALLY_HANG_TIMEOUT={watchdog or 'unset'}: exit {process.returncode}, "
                 f"{len(written)} document(s), lines {hang_lines(case)}")
        validate(args, case)
        document = json.loads(written[0].read_text())
        if document["run"].get("outcome") != "completed":
            fail(f"with TALLY_HANG_TIMEOUT={watchdog or 'unset'} the run says {document['run'].get('outcome')}")
        results[watchdog] = tree(document)
    # 3 steps per rank, 2 ranks: 6 visits of step and of exchange, exchange inside step.
    expected = {"Global": (2, None), "step": (6, "Global"), "exchange": (6, "step")}
    if results["3s"] != expected or results[""] != expected:
        fail(f"expected {expected} with the watchdog on and off, found {results}")


def run_case(cases, name, description):
    """Runs the case --case names, of CASES, in a temporary folder: the command line of the tests
    under mpirun (--tally, --preload, --program, then the mpirun command after --)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--case", required=True, choices=sorted(cases))
    parser.add_argument("--tally", required=True)
    parser.add_argument("--preload", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("mpirun", nargs="+", help="the mpirun command, after --")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cases[args.case](args, pathlib.Path(folder))
    print(f"{name}: {args.case} holds")


if __name__ == "__main__":
    run_case({
        "deadlock_names_both_ranks_and_leaves_a_hung_document": deadlock,
        "long_computation_is_not_named_but_its_waiting_peer_is": long_computation,
        "run_without_hang_is_unchanged": run_without_hang,
    }, "hang_watchdog", __doc__)
