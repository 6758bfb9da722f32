#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Ranks that die or vanish under mpirun, with wait_for_signal.c on two ranks (a barrier every
10 ms, forever) and TALLY_HANG_TIMEOUT=3s. Nothing hangs because of tally, and what is written
is whole (it validates), named (run.outcome and the stderr line agree) or absent, never a
temporary file.

Cases (--case):
  killed_rank_ends_the_job_without_hang: rank 1 gets SIGKILL mid-run; mpirun ends the job by
    itself within 30 s, no process of it is left, and any document is a valid hung one.
  vanished_node_leaves_a_named_hung_document_then_the_ci_timeout_ends_it: rank 1 is stopped
    (SIGSTOP: a node gone without a word, its connections left open); rank 0 waits in MPI_Barrier,
    its watchdog names it and writes the hung document; then the CI's timeout, SIGTERM to the job
    and SIGKILL 5 s later, ends every process, and the hung document stays as it was."""

import json
import os
import pathlib
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hang_watchdog import documents, hang_lines, poll, run_case, start, validate  # noqa: E402


def fail(message):
    print(f"rank_faults: {message}", file=sys.stderr)
    sys.exit(1)


def job_processes(folder):
    """Pids of the processes of the job started for folder that are still there (the launcher, its
    daemons and the ranks), found by the TALLY_OUTPUT they inherit: MPICH's Hydra starts its proxy
    and each rank in a session of their own. Zombies do not count."""
    marker = f"TALLY_OUTPUT={folder / 'runs'}".encode()
    pids = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if marker in (entry / "environ").read_bytes().split(b"\0") and " Z " not in (entry / "stat").read_text():
                pids.append(int(entry.name))
        except (ProcessLookupError, PermissionError, FileNotFoundError):
            continue
    return pids


# What each launcher tells a rank its rank is: Open MPI's, MPICH's Hydra.
RANK_VARIABLES = ("OMPI_COMM_WORLD_RANK", "PMI_RANK")


def rank_pid(folder, rank):
    """The pid of a rank, once every rank has passed MPI_Init (wait_for_signal.c says so)."""
    if not poll(lambda: (folder / "stderr.txt").read_text().count("in the loop") == 2):
        fail(f"the ranks did not reach their loop: {(folder / 'stderr.txt').read_text()}")

    def found():
        for pid in job_processes(folder):
            try:
                environment = pathlib.Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            except (FileNotFoundError, PermissionError):
                continue
            if any(f"{variable}={rank}".encode() in environment for variable in RANK_VARIABLES):
                return pid
        return None
    if not poll(lambda: found() is not None):
        fail(f"rank {rank} did not start")
    return found()


def ci_timeout(process, folder):
    """What a CI runner does at the job's time limit: SIGTERM to the job, SIGKILL 5 s later."""
    for sent, grace_s in ((signal.SIGTERM, 5), (signal.SIGKILL, 20)):
        try:
            os.killpg(process.pid, sent)
        except ProcessLookupError:
            return
        if poll(lambda: process.poll() is not None and not job_processes(folder), grace_s):
            return


def check_left_behind(args, folder, allowed_outcomes):
    if list(folder.glob("runs/*.tmp")):
        fail("temporary files were left")
    found = documents(folder)
    if found:
        validate(args, folder)
    for path in found:
        outcome = json.loads(path.read_text())["run"].get("outcome")
        if outcome not in allowed_outcomes:
            fail(f"{path.name} says {outcome}, expected one of {allowed_outcomes}")
    if found and not hang_lines(folder):
        fail("a hung document was written without its line on stderr")
    return found


def killed_rank(args, folder):
    process = start(args, folder, [], "3s")
    try:
        os.kill(rank_pid(folder, 1), signal.SIGKILL)
        if not poll(lambda: process.poll() is not None and not job_processes(folder), 30):
            fail(f"30 s after rank 1 was killed, processes of the job remain: {job_processes(folder)}")
    finally:
        ci_timeout(process, folder)
    if process.returncode == 0:
        fail("mpirun exited 0 though a rank was killed")
    check_left_behind(args, folder, {"hung"})


def vanished_node(args, folder):
    process = start(args, folder, [], "3s")
    try:
        os.kill(rank_pid(folder, 1), signal.SIGSTOP)
        if not poll(lambda: any(line[0] == "0" for line in hang_lines(folder)) and documents(folder)):
            fail(f"rank 0 was not named as hung: {(folder / 'stderr.txt').read_text()}")
        written = {path: path.read_bytes() for path in documents(folder)}
        ci_timeout(process, folder)
        if process.poll() is None or job_processes(folder):
            fail(f"processes of the job survived SIGKILL: {job_processes(folder)}")
    finally:
        ci_timeout(process, folder)
    found = check_left_behind(args, folder, {"hung"})
    if {path: path.read_bytes() for path in found} != written:
        fail("the hung document changed or went away when the job was ended")
    hang = json.loads(found[0].read_text())["run"]["hang"]
    if len(found) != 1 or hang["rank"] != 0 or hang["call"] != "MPI_Barrier":
        fail(f"expected one hung document of rank 0 in MPI_Barrier, found {[p.name for p in found]}, {hang}")


if __name__ == "__main__":
    run_case({
        "killed_rank_ends_the_job_without_hang": killed_rank,
        "vanished_node_leaves_a_named_hung_document_then_the_ci_timeout_ends_it": vanished_node,
    }, "rank_faults", __doc__)
