# SPDX-License-Identifier: BSD-3-Clause
"""Checks a run schema: a valid draft 2020-12 schema that accepts every example run document (and
valid variants of them) and refuses broken variants of them. Usage: check_schema.py SCHEMA EXAMPLES_FOLDER"""
import copy
import json
import sys
from pathlib import Path

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("python3-jsonschema is not installed; skipped")
    sys.exit(77)  # SKIP_RETURN_CODE of the CTest test


def remove(path):
    def change(document):
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        del target[last]
    return change


def put(path, value):
    def change(document):
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        target[last] = value
    return change


# Each variant is something the C++ reader refuses (tests/model/document_io_test.cpp).
BROKEN = {
    "missing /schema": remove(["schema"]),
    "missing /run/start_time": remove(["run", "start_time"]),
    "missing /source/branch": remove(["source", "branch"]),
    "missing /regions/0/raw/useful_ns": remove(["regions", 0, "raw", "useful_ns"]),
    "missing /regions/0/metrics": remove(["regions", 0, "metrics"]),
    "unknown field at the top": put(["dlbVersion"], "3.7.0"),
    "unknown field in /regions/0/raw": put(["regions", 0, "raw", "useful_time"], 1),
    "unknown field in /resources": put(["resources", "cpus"], 4),
    "newer schema": put(["schema"], "tally.run/9"),
    "foreign schema": put(["schema"], "talp/1"),
    "negative count": put(["regions", 0, "raw", "mpi_ns"], -1),
    "count with a fraction": put(["regions", 0, "raw", "mpi_ns"], 1.5),
    "count beyond 64 bits": put(["regions", 0, "visits"], 2**64),
    "string instead of count": put(["resources", "ranks"], "4"),
    "zero threads per process": put(["regions", 0, "raw", "threads_per_process"], 0),
    "time without zone": put(["run", "start_time"], "2026-11-22T00:52:09"),
    "time without seconds": put(["run", "end_time"], "2026-11-22T00:52Z"),
    "empty run id": put(["run", "id"], ""),
    "empty region name": put(["regions", 0, "name"], ""),
    "unknown scaling": put(["run", "scaling"], "linear"),
    "unknown metric": put(["regions", 0, "metrics", "efficiency"], 0.5),
    "scalability metric in a run": put(["regions", 0, "metrics", "global_efficiency"], 0.5),
    "infinite metric": put(["regions", 0, "metrics", "useful_ipc"], float("inf")),
    "string metric": put(["regions", 0, "metrics", "useful_ipc"], "1.5"),
    "region not an object": put(["regions", 0], []),
}


DIRECTIONS = ("host_to_device", "device_to_host", "device_to_device", "host_to_host", "peer", "default")
DEVICE_COUNTS = {"runtime_calls": 12, "kernel_launches": 4, "kernel_launches_max": 3,
                 "copies": {direction: 1 for direction in DIRECTIONS},
                 "copy_bytes": {direction: 64 for direction in DIRECTIONS}}


def add_device_counts(document):
    """The CUDA counts of raw.device added to every region, beside its device times if any."""
    for region in document["regions"]:
        region["raw"].setdefault("device", {}).update(copy.deepcopy(DEVICE_COUNTS))


def with_device_counts(change):
    def changed(document):
        add_device_counts(document)
        change(document)
    return changed


HANG = {"rank": 3, "host": "n002", "call": "MPI_Recv", "regions": ["step", "exchange"], "waited_ns": 600000000000}
TIMELINE = {"bucket_ns": 100000000, "useful_ns": [400000000, 0], "mpi_ns": [0, 400000000], "offload_ns": [0, 0],
            "openmp_ns": [0, 0], "behaviour": "stall", "idle_nodes": ["n002"]}


def hung_with_timeline(document):
    """What the hang watchdog writes (tests/model/document_timeline_test.cpp)."""
    document["run"].update(outcome="hung", hang=copy.deepcopy(HANG))
    document["timeline"] = copy.deepcopy(TIMELINE)


def with_hang(change):
    def changed(document):
        hung_with_timeline(document)
        change(document)
    return changed


# Variants the C++ reader accepts (tests/model/document_counts_test.cpp,
# document_timeline_test.cpp): CUDA counts alone or beside the device times; a hung run with its
# timeline; a document older than run.outcome; CUDA runtime calls alone, as a TALP import has them.
VALID = {"CUDA counts in raw.device": add_device_counts, "a hung run with its timeline": hung_with_timeline,
         "no outcome": remove(["run", "outcome"]),
         "CUDA runtime calls alone (imported)": put(["regions", 0, "raw", "device"], {"runtime_calls": 12})}

SENSORS = {"available": True, "source": "measured", "sensors": ["intel-rapl:0 (package-0)", "intel-rapl:0:0 (dram)"],
           "left_out": ["intel-rapl:1 (package-1): energy_uj is not readable"], "sampling_period_ns": 100000000}
ENERGY = {"source": "measured", "domains_uj": {"package": 12500000, "dram": 3000000}}


def measured_energy(document):
    """What the energy backend writes (tests/model/document_energy_test.cpp)."""
    document["environment"]["energy"] = copy.deepcopy(SENSORS)
    document["regions"][0]["energy"] = copy.deepcopy(ENERGY)


def with_energy(change):
    def changed(document):
        measured_energy(document)
        change(document)
    return changed


# Energy: measured, or not available with the reason (tests/model/document_energy_test.cpp).
VALID.update({
    "measured energy": measured_energy,
    "energy not available, with why": put(["environment", "energy"],
                                          {"available": False, "source": "measured", "reason": "no RAPL zone"}),
    "version 2, with energy (tally 0.1.0 wrote it before version 3)": lambda document: (
        measured_energy(document), put(["schema"], "tally.run/2")(document)),
})
BROKEN.update({
    "energy not available without why": put(["environment", "energy"], {"available": False, "source": "measured"}),
    "unknown energy source": with_energy(put(["regions", 0, "energy", "source"], "guessed")),
    "unknown energy domain": with_energy(put(["regions", 0, "energy", "domains_uj", "fan"], 1)),
    "energy with a fraction": with_energy(put(["regions", 0, "energy", "domains_uj", "package"], 12.5)),
    "region energy without domains": with_energy(remove(["regions", 0, "energy", "domains_uj"])),
})

# The CPU frequency asked for, since version 4; version 3 documents have none
# (tests/model/document_frequency_test.cpp).
VALID.update({
    "CPU frequency asked for": put(["resources", "cpu_frequency_khz"], 2400000),
    "version 3, without a CPU frequency": put(["schema"], "tally.run/3"),
})
BROKEN.update({
    "CPU frequency of zero": put(["resources", "cpu_frequency_khz"], 0),
    "CPU frequency with its unit": put(["resources", "cpu_frequency_khz"], "2.4GHz"),
    "CPU frequency with a fraction": put(["resources", "cpu_frequency_khz"], 2400000.5),
})

# A run's place in an A/B study, since version 5; version 4 documents have none
# (tests/model/document_ab_study_test.cpp).
AB_STUDY = {"id": "20261127T093833Z-ci-7-4242", "side": "candidate", "pair": 3}
VALID.update({
    "a candidate run of an A/B study": put(["run", "ab_study"], AB_STUDY),
    "version 4, outside an A/B study": put(["schema"], "tally.run/4"),
})
BROKEN.update({
    "unknown A/B side": put(["run", "ab_study"], dict(AB_STUDY, side="a")),
    "A/B pair of zero": put(["run", "ab_study"], dict(AB_STUDY, pair=0)),
    "A/B study without its pair": put(["run", "ab_study"], {"id": "s", "side": "baseline"}),
    "empty A/B study id": put(["run", "ab_study"], dict(AB_STUDY, id="")),
})

# The batch job the run ran in, since version 6; version 5 documents have none
# (tests/model/document_job_test.cpp).
SLURM_JOB = {"scheduler": "slurm", "id": "4242", "step": "0", "partition": "debug", "node_list": "n[1-4]",
             "end_time": "2026-11-28T10:00:00Z"}
VALID.update({
    "a step of a Slurm job": put(["run", "job"], SLURM_JOB),
    "a Slurm job with its id alone": put(["run", "job"], {"scheduler": "slurm", "id": "4242"}),
    "version 5, outside a batch job": put(["schema"], "tally.run/5"),
})
BROKEN.update({
    "unknown workload manager": put(["run", "job"], dict(SLURM_JOB, scheduler="pbs")),
    "Slurm job without its id": put(["run", "job"], {"scheduler": "slurm"}),
    "empty Slurm job id": put(["run", "job"], dict(SLURM_JOB, id="")),
    "Slurm end time that is no UTC time": put(["run", "job"], dict(SLURM_JOB, end_time="tomorrow")),
    "unknown key of a Slurm job": put(["run", "job"], dict(SLURM_JOB, account="a")),
})

# The OpenACC constructs of a region, since version 7; version 6 documents have none
# (tests/model/document_openacc_test.cpp).
OPENACC = {"constructs": {"compute": 4, "enter_data": 2, "exit_data": 2, "update": 1, "wait": 0},
           "constructs_on_host": 9, "enqueues": {"launch": 0, "upload": 0, "download": 0}}
VALID.update({
    "OpenACC constructs run on the host": put(["regions", 0, "raw", "openacc"], OPENACC),
    "version 6, without OpenACC": put(["schema"], "tally.run/6"),
})
BROKEN.update({
    "unknown kind of OpenACC construct": put(["regions", 0, "raw", "openacc"],
                                             dict(OPENACC, constructs=dict(OPENACC["constructs"], loop=1))),
    "OpenACC constructs without wait": put(["regions", 0, "raw", "openacc"],
                                           dict(OPENACC, constructs={"compute": 4, "enter_data": 2,
                                                                     "exit_data": 2, "update": 1})),
    "OpenACC without constructs on the host": put(["regions", 0, "raw", "openacc"],
                                                  {key: OPENACC[key] for key in ("constructs", "enqueues")}),
    "unknown kind of OpenACC enqueue": put(["regions", 0, "raw", "openacc"],
                                           dict(OPENACC, enqueues=dict(OPENACC["enqueues"], memset=1))),
})

# Whose device runtime calls the counts are, since version 8; version 7 documents do not say
# (tests/model/document_device_runtime_test.cpp).
VALID.update({
    "HIP counts in raw.device": with_device_counts(put(["regions", 0, "raw", "device", "runtime"], "hip")),
    "version 7, counts of a runtime not said": with_device_counts(put(["schema"], "tally.run/7")),
})
BROKEN.update({
    "unknown device runtime": with_device_counts(put(["regions", 0, "raw", "device", "runtime"], "opencl")),
    "a device runtime without counts": put(["regions", 0, "raw", "device"], {"runtime": "hip"}),
})

BROKEN.update({
    "CUDA counts without copy_bytes": with_device_counts(remove(["regions", 0, "raw", "device", "copy_bytes"])),
    "kernel launches without runtime calls":
        with_device_counts(remove(["regions", 0, "raw", "device", "runtime_calls"])),
    "unknown copy direction": with_device_counts(put(["regions", 0, "raw", "device", "copies", "sideways"], 1)),
    "missing copy direction": with_device_counts(remove(["regions", 0, "raw", "device", "copies", "peer"])),
    "empty raw.device": put(["regions", 0, "raw", "device"], {}),
    "a device time without the others": put(["regions", 0, "raw", "device"], dict(DEVICE_COUNTS, kernel_ns=1)),
    "hung without where": with_hang(remove(["run", "hang"])),
    "completed with where": with_hang(put(["run", "outcome"], "completed")),
    "unknown outcome": put(["run", "outcome"], "crashed"),
    "hang without its call": with_hang(remove(["run", "hang", "call"])),
    "timeline without bucket width": with_hang(remove(["timeline", "bucket_ns"])),
    "timeline bucket of zero": with_hang(put(["timeline", "bucket_ns"], 0)),
    "negative timeline value": with_hang(put(["timeline", "mpi_ns", 1], -1)),
    "unknown behaviour": with_hang(put(["timeline", "behaviour"], "flat")),
})


def main():
    schema_path, examples = Path(sys.argv[1]), Path(sys.argv[2])
    schema = json.loads(schema_path.read_text())
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failures = []
    checked = 0
    files = sorted(examples.glob("*.json"))
    if not files:
        failures.append(f"{examples}: no example documents")
    for file in files:
        document = json.loads(file.read_text())
        failures += [f"{file}: {error.json_path}: {error.message}" for error in validator.iter_errors(document)]
        counted = "runtime_calls" in schema["$defs"]["device"]["properties"]  # tally.run/2 on
        for name, change in VALID.items() if counted else ():
            valid = copy.deepcopy(document)
            change(valid)
            failures += [f"{file}: {name}: {error.json_path}: {error.message}"
                         for error in validator.iter_errors(valid)]
        for name, change in BROKEN.items():
            broken = copy.deepcopy(document)
            try:
                change(broken)
            except KeyError:
                continue  # a section this example does not have, such as source
            checked += 1
            if validator.is_valid(broken):
                failures.append(f"{file}: schema accepts a broken variant: {name}")
    for failure in failures:
        print(failure)
    print(f"{len(files)} examples, {checked} broken variants, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
