#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# How often `tally gate` reaches the right verdict on a real application, Debian's LAMMPS (the LJ
# melt at 1 and 2 ranks), each commit's runs one job as in CI, on a shared runner whose jobs differ:
# on commits that change nothing, every comparison from the first (right: not red, exit 0), and on
# a candidate whose atoms are split unevenly between the 2 ranks (right: exit 1 with a finding on
# load balance).
# Usage: bench/gate_lammps.sh [--trials 3] [--commits 5] [--repetitions 4] [--steps N] [--job-load 0.3]
#        [--output DIR] [--tally PATH] [--library PATH] [--lmp PATH] [--mpirun PATH]   (see --help)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repository="$(cd "$here/.." && pwd)"
inputs="$here/gate_lammps"

trials=3
commits=5
repetitions=4
job_load=0.3
steps=1800
output=""
tally="${TALLY:-$repository/build/cli/tally}"
library="${LIBTALLY:-$repository/build/profiler/libtally.so}"
lmp="${LMP:-lmp}"
mpirun="${MPIRUN:-mpirun}"

usage() {
  cat <<EOF
Usage: bench/gate_lammps.sh [options]

Each commit is one job: its runs in a row (1 and 2 ranks interleaved, REPETITIONS each) beside a
busy loop of its own load (a share of one core drawn for the job, up to JOB_LOAD), as jobs share a
CI runner with others. Scenario 1 (identical commits): per trial, COMMITS commits that change
nothing, each gated against the ones before it, from the first comparison (the baseline alone)
on (right: not red, exit 0; an inconclusive verdict is what the CI scripts confirm A/B). Scenario 2
(load-balance drop): the same history, then one candidate whose 2-rank runs cut the box unevenly
(right: exit 1 and a regression finding naming load balance).

  --trials N        trials of each scenario (default $trials)
  --commits N       identical commits per trial (default $commits: four comparisons); with 1, the
                    uneven candidate is gated against that one commit alone (a project's first
                    comparison)
  --job-load L      the most of one core a job's busy loop takes, drawn per job (default $job_load; 0: none)
  --repetitions N   runs per commit and rank count (default $repetitions)
  --steps N         LAMMPS steps per run (default $steps: about 3.6 s a run at 1 rank, 2.1 s at 2 ranks
                    on a quiet 2-core VM)
  --output DIR      where the runs and reports go (default: a new folder under \${TMPDIR:-/tmp})
  --tally PATH      the tally command (env TALLY; default build/cli/tally)
  --library PATH    the profiler (env LIBTALLY; default build/profiler/libtally.so)
  --lmp PATH        LAMMPS (env LMP; default lmp)
  --mpirun PATH     the MPI launcher (env MPIRUN; default mpirun)
EOF
}

die() {
  echo "gate_lammps.sh: $*" >&2
  exit 2
}

positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "$1 needs a positive whole number, not '$2'"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --trials | --commits | --repetitions | --steps | --job-load | --output | --tally | --library | --lmp | --mpirun)
      [ $# -ge 2 ] || die "$1 needs a value"
      case "$1" in
        --trials) trials="$2" ;;
        --commits) commits="$2" ;;
        --repetitions) repetitions="$2" ;;
        --steps) steps="$2" ;;
        --job-load) job_load="$2" ;;
        --output) output="$2" ;;
        --tally) tally="$2" ;;
        --library) library="$2" ;;
        --lmp) lmp="$2" ;;
        --mpirun) mpirun="$2" ;;
      esac
      shift 2
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
positive --trials "$trials"
positive --commits "$commits"
positive --repetitions "$repetitions"
positive --steps "$steps"
[[ "$job_load" =~ ^(0|0?\.[0-9]+|1)$ ]] || die "--job-load needs a share of one core from 0 to 1, not '$job_load'"
[ "$commits" -ge 1 ] || die "--commits must be at least 1 (the baseline of the uneven candidate)"

# What the benchmark needs, each with a message that says what to do.
command -v "$lmp" >/dev/null 2>&1 ||
  die "LAMMPS '$lmp' not found (Debian: apt-get install lammps, or scripts/install-deps.sh; or --lmp PATH)"
command -v "$mpirun" >/dev/null 2>&1 ||
  die "MPI launcher '$mpirun' not found (Debian: apt-get install openmpi-bin; or --mpirun PATH)"
command -v jq >/dev/null 2>&1 || die "jq not found (Debian: apt-get install jq)"
[ -x "$tally" ] || die "tally command '$tally' not found or not executable (build the project, or --tally PATH / TALLY=)"
[ -f "$library" ] || die "profiler '$library' not found (build the project, or --library PATH / LIBTALLY=)"
[ -f "$inputs/lj_melt.lmp" ] || die "LAMMPS input '$inputs/lj_melt.lmp' is missing"
tally="$(cd "$(dirname "$tally")" && pwd)/$(basename "$tally")"
library="$(cd "$(dirname "$library")" && pwd)/$(basename "$library")"

# The output: a fresh temporary folder, or the one given, never among the repository's files.
if [ -z "$output" ]; then
  output="$(mktemp -d "${TMPDIR:-/tmp}/tally-gate-lammps.XXXXXX")"
else
  output="$(realpath -m "$output")"
  case "$output/" in
    "$repository"/*)
      git -C "$repository" check-ignore -q "$output" 2>/dev/null ||
        die "--output '$output' lies inside the repository and is not ignored by git; choose a folder outside it (or under build/)"
      ;;
  esac
  mkdir -p "$output" || die "cannot create --output '$output'"
  [ -z "$(ls -A "$output")" ] || die "--output '$output' is not empty"
fi

# A copy of the binaries, so that a rebuild while the benchmark runs changes nothing in it.
mkdir -p "$output/bin"
cp -L "$tally" "$output/bin/tally"
cp -L "$library" "$output/bin/libtally.so"
echo "gate_lammps: measuring with copies of $tally and $library in $output/bin"
tally="$output/bin/tally"
library="$output/bin/libtally.so"

launcher=("$mpirun" --oversubscribe)
[ "$(id -u)" -ne 0 ] || launcher+=(--allow-run-as-root)

runs_per_trial=$(((commits + 1) * 2 * repetitions))
total_runs=$((trials * runs_per_trial))
# On the quiet 2-core development VM (AMD EPYC): about 1.77 ms a step at 1 rank and 0.88 ms at 2
# ranks, plus about 0.43 s of start-up per run (1,500 steps: 3.05 s and 1.77 s a run).
estimate=$((total_runs * (430 + steps * 133 / 100) / 1000))
echo "gate_lammps: $trials trials × ($commits identical commits + 1 uneven candidate) × 2 rank counts ×" \
  "$repetitions repetitions = $total_runs LAMMPS runs of $steps steps; estimated ${estimate} s" \
  "(~$(((estimate + 59) / 60)) min) on a 2-core VM"
echo "gate_lammps: output in $output"

# One commit id per trial and commit: 40 hexadecimal digits, new for every invocation.
commit_id() { printf 'gate_lammps %s %s %s %s\n' "$$" "$(date +%s%N)" "$1" "$2" | sha1sum | cut -c1-40; }
# Commit times one hour apart, so that `tally gate` without --repo orders the commits by time.
base_time=$(($(date -u +%s) - 86400))
commit_time() { date -u -d "@$((base_time + $1 * 3600))" +%Y-%m-%dT%H:%M:%SZ; }

# run_commit FOLDER SHA INDEX XCUT: the commit's runs, interleaved as CI would run them; XCUT is
# where the slab boundary lies at 2 ranks (0.5: even).
run_commit() {
  local folder="$1" sha="$2" index="$3" xcut="$4" repetition ranks log
  local time load load_pid=""
  time="$(commit_time "$index")"
  # The job's neighbour: a busy loop taking a share of one core drawn for this job.
  load="$(awk -v most="$job_load" -v seed="$RANDOM" 'BEGIN { srand(seed); printf "%.2f", most * rand() }')"
  if awk -v load="$load" 'BEGIN { exit !(load > 0) }'; then
    python3 -c '
import sys, time
share = float(sys.argv[1])
while True:
    end = time.monotonic() + 0.1 * share
    while time.monotonic() < end:
        pass
    time.sleep(0.1 * (1 - share))' "$load" &
    load_pid=$!
  fi
  job_loads+=("${sha:0:8} $load")
  for repetition in $(seq "$repetitions"); do
    for ranks in 1 2; do
      log="$folder/logs/${sha:0:12}-${ranks}ranks-$repetition.log"
      if ! (
        cd "$folder/logs" &&
          env OMP_NUM_THREADS=1 CI_COMMIT_SHA="$sha" CI_COMMIT_TIMESTAMP="$time" CI_COMMIT_REF_NAME=main \
            CI_COMMIT_BRANCH=main TALLY_OUTPUT="$folder/runs" TALLY_EXPERIMENT=lj-melt \
            "${launcher[@]}" -np "$ranks" env LD_PRELOAD="$library" \
            "$lmp" -in "$inputs/lj_melt.lmp" -var steps "$steps" -var ranks "$ranks" -var xcut "$xcut" \
            -log none -screen none \
            >"$log" 2>&1
      ); then
        tail -n 20 "$log" >&2
        die "a LAMMPS run failed ($ranks ranks, commit $sha); its output is in $log"
      fi
      printf '.' >&2
      elapsed_runs=$((elapsed_runs + 1))
    done
  done
  if [ -n "$load_pid" ]; then kill "$load_pid" 2>/dev/null || true; wait "$load_pid" 2>/dev/null || true; fi
}

# summary CANDIDATE FOLDER...: per commit (oldest first), the median elapsed time of Global at 1
# and 2 ranks and its median MPI load balance at 2 ranks, read from the run documents.
summary() {
  local candidate="$1"
  shift
  find "$@" -name '*.json' -print0 | xargs -0 jq -r '
      [.source.commit_time, .source.commit, .resources.ranks,
       (.regions[] | select(.name == "Global") | .metrics.elapsed_ns / 1e9, (.metrics.mpi_load_balance // "nan"))]
      | @tsv' |
    sort -k1,1 -k3,3n |
    awk -F '\t' -v candidate="${candidate:0:8}" '
      function median(list,   n, values, i, j, swap) {
        n = split(list, values, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && values[j - 1] + 0 > values[j] + 0; j--) {
          swap = values[j]; values[j] = values[j - 1]; values[j - 1] = swap
        }
        return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
      }
      { key = $1 "\t" substr($2, 1, 8); if (!(key in seen)) { seen[key] = 1; order[++count] = key }
        elapsed[key, $3] = elapsed[key, $3] " " $4; if ($3 == 2) balance[key] = balance[key] " " $5 }
      END {
        for (i = 1; i <= count; i++) {
          split(order[i], part, "\t")
          printf "    %s%s  elapsed %5.2f s at 1 rank, %5.2f s at 2 ranks; load balance at 2 ranks %.3f (runs: %s)\n",
            part[2], part[2] == candidate ? " (uneven)" : "         ", median(elapsed[order[i], 1]), median(elapsed[order[i], 2]), median(balance[order[i]]),
            balance[order[i]]
        }
      }'
}

# gate FOLDER CANDIDATE INPUT...: runs `tally gate`, keeps its outputs, prints its exit code.
gate() {
  local folder="$1" candidate="$2" status=0
  shift 2
  local arguments=()
  for input in "$@"; do arguments+=(--input "$input"); done
  "$tally" gate "${arguments[@]}" --candidate "$candidate" --markdown "$folder/gate.md" \
    >"$folder/gate.out" 2>"$folder/gate.err" || status=$?
  echo "$status"
}

declare -a uneven_exit uneven_line uneven_finding job_loads
declare -A verdicts_of # comparison (1: the baseline alone as history) → its verdicts, one word per trial
identical_red=0
identical_gates=0
uneven_right=0
elapsed_runs=0
started_all=$SECONDS
for trial in $(seq "$trials"); do
  folder="$output/trial-$trial"
  mkdir -p "$folder/history/logs" "$folder/uneven/logs" "$folder/gate-identical" "$folder/gate-uneven"
  printf 'gate_lammps: trial %s/%s: %s identical commits ' "$trial" "$trials" "$commits" >&2
  declare -a shas=()
  for index in $(seq "$commits"); do
    shas[index]="$(commit_id "$trial" "$index")"
    run_commit "$folder/history" "${shas[index]}" "$index" 0.5
    if [ "$trial" = 1 ] && [ "$index" = 1 ]; then
      per_commit=$((SECONDS - started_all))
      printf ' (first commit took %s s; projected total ~%s s) ' "$per_commit" \
        "$((per_commit * (commits + 1) * trials))" >&2
    fi
  done
  printf ', uneven candidate ' >&2
  uneven="$(commit_id "$trial" uneven)"
  run_commit "$folder/uneven" "$uneven" "$((commits + 1))" 0.75
  echo " ($((SECONDS - started_all)) s so far)" >&2

  # Scenario 1: each identical commit against the ones before it, from the first comparison on.
  for index in $(seq 2 "$commits"); do
    mkdir -p "$folder/gate-identical-$index"
    code="$(gate "$folder/gate-identical-$index" "${shas[index]}" "$folder/history/runs")"
    verdict="$(tail -n 1 "$folder/gate-identical-$index/gate.err" | sed -n 's/^tally gate: \([a-z ]*\)[,:].*/\1/p')"
    verdicts_of[$((index - 1))]+="${verdict// /_}($code) "
    identical_gates=$((identical_gates + 1))
    [ "$code" = 0 ] || identical_red=$((identical_red + 1))
  done

  # Scenario 2: the uneven candidate against the same history.
  code="$(gate "$folder/gate-uneven" "$uneven" "$folder/history/runs" "$folder/uneven/runs")"
  uneven_exit[trial]="$code"
  uneven_line[trial]="$(tail -n 1 "$folder/gate-uneven/gate.err")"
  uneven_finding[trial]="$(grep -i -m 1 '^regression.*load balance' "$folder/gate-uneven/gate.out" || true)"
  if [ "$code" = 1 ] && [ -n "${uneven_finding[trial]}" ]; then uneven_right=$((uneven_right + 1)); fi

  echo "gate_lammps: trial $trial, per commit (median of $repetitions runs):"
  summary "$uneven" "$folder/history/runs" "$folder/uneven/runs"
done

echo
echo "gate_lammps: $elapsed_runs runs and $((identical_gates + trials)) gates in $((SECONDS - started_all)) s; outputs in $output"
echo "gate_lammps: each job's busy loop (share of one core): ${job_loads[*]}"
echo
printf '%-22s %-7s %s\n' "scenario" "trials" "right verdicts"
if [ "$commits" -ge 2 ]; then
  printf '%-22s %-7s %s\n' "identical commits" "$trials" "$((identical_gates - identical_red))/$identical_gates comparisons not red (exit 0)"
  for comparison in $(seq "$((commits - 1))"); do
    printf '  comparison %s (%s commit%s of history): %s\n' "$comparison" "$comparison" \
      "$([ "$comparison" = 1 ] && echo "" || echo s)" "${verdicts_of[$comparison]}"
  done
else
  printf '%-22s %-7s %s\n' "identical commits" "-" "(one commit: nothing to gate it against)"
fi
printf '%-22s %-7s %s\n' "load-balance drop" "$trials" "$uneven_right/$trials (exit 1 + a load balance finding)"
for trial in $(seq "$trials"); do
  printf '  trial %-3s exit %s  %s\n' "$trial" "${uneven_exit[trial]}" "${uneven_line[trial]}"
  printf '            finding: %s\n' "${uneven_finding[trial]:-(none names load balance)}"
done
