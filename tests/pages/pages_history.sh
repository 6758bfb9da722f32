#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `tally pages --repo` orders commits by the branch's first-parent history, not by date: in a
# repository with a merged feature branch and a rebased commit dated before its parent, the site
# shows main's commits in graph order and lists the feature commit as not on the branch. Every
# commit on the branch has a page listing its runs; with --run-pages 2 only the runs of the two
# newest commits have a page of their own, and the commit pages link exactly those. Every run has a
# timeline, charted on its page; the newest commit has a second run, which hung: a marked row of its
# commit, a page that opens with where it hung, and links that all lead somewhere.
# Usage: pages_history.sh TALLY EXAMPLE_DOCUMENT
set -euo pipefail
tally="$1" example="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$work/repo"
git init -q -b main "$repo"
git -C "$repo" config user.name "Test" && git -C "$repo" config user.email "test@example.invalid"

commit() { # commit MESSAGE DATE
  GIT_AUTHOR_DATE="$2" GIT_COMMITTER_DATE="$2" git -C "$repo" commit -q --allow-empty -m "$1"
  git -C "$repo" rev-parse HEAD
}
c1="$(commit "first" "2026-01-01T10:00:00Z")"
c2="$(commit "second" "2026-01-02T10:00:00Z")"
git -C "$repo" checkout -q -b feature
f1="$(commit "feature work" "2026-01-03T10:00:00Z")"
git -C "$repo" checkout -q main
c3="$(commit "third" "2026-01-04T10:00:00Z")"
GIT_AUTHOR_DATE="2026-01-05T10:00:00Z" GIT_COMMITTER_DATE="2026-01-05T10:00:00Z" \
  git -C "$repo" merge -q --no-ff -m "merge feature" feature
m="$(git -C "$repo" rev-parse HEAD)"
rebased="$(commit "rebased, dated before its parent" "2025-12-31T10:00:00Z")"

# One run per commit, from the example document, with a timeline; each carries its commit's date.
/usr/bin/python3 - "$example" "$work/runs" "$c1" 2026-01-01T10:00:00Z "$c2" 2026-01-02T10:00:00Z \
  "$f1" 2026-01-03T10:00:00Z "$c3" 2026-01-04T10:00:00Z "$m" 2026-01-05T10:00:00Z \
  "$rebased" 2025-12-31T10:00:00Z <<'PYTHON'
import json, os, sys
example, folder, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(folder)
for i in range(0, len(pairs), 2):
    document = json.load(open(example))
    document["run"]["id"] = "run-%d" % i
    document["source"]["commit"] = pairs[i]
    document["source"]["commit_time"] = pairs[i + 1]
    document["timeline"] = {"bucket_ns": 100000000, "useful_ns": [300000000, 350000000],
                            "mpi_ns": [100000000, 50000000], "offload_ns": [0, 0], "openmp_ns": [0, 0],
                            "behaviour": "stable", "idle_nodes": []}
    json.dump(document, open(os.path.join(folder, "run-%d.json" % i), "w"))
document["run"]["id"] = "run-hung"
document["run"]["outcome"] = "hung"
document["run"]["hang"] = {"rank": 3, "host": "n002", "call": "MPI_Recv", "regions": ["step", "exchange"],
                           "waited_ns": 600000000000}
json.dump(document, open(os.path.join(folder, "run-hung.json"), "w"))
PYTHON

"$tally" pages --input "$work/runs" --repo "$repo" --branch main --output "$work/public" --run-pages 2

/usr/bin/python3 - "$work/public/main" "${c1:0:7}" "${c2:0:7}" "${c3:0:7}" "${m:0:7}" "${rebased:0:7}" "${f1:0:7}" <<'PYTHON'
import glob, re, sys
site, expected, feature = sys.argv[1], sys.argv[2:7], sys.argv[7]
index = open(site + "/index.html").read()
assert "7 runs on 5 commits" in index, "index should count 5 commits on main"
newest = index.split("Newest commit")[1][:400]
assert expected[-1] in newest, "the newest commit is the rebased one, whatever its date"
off_branch = index.split("not in this branch")[1][:2000]
assert feature in off_branch, "the feature commit is listed as not on the branch"
region = open(glob.glob(site + "/*/Global.html")[0]).read().split("Evolution along the commits")[1]
positions = [region.find(sha) for sha in expected]
assert all(p >= 0 for p in positions), "every commit of main appears on the region page"
assert positions == sorted(positions), "commits appear in first-parent order: %s" % positions
# Each configuration's chart style is a class the site's stylesheet defines (colour, marker, dash).
styles = set(re.findall(r'class="(?:series|legend-item) (s\d+)"', region))
css = open(site + "/style.css").read()
assert styles and all("." + style + " { stroke: #" in css for style in styles), "undefined chart styles %s" % styles
print("pages_history: 5 commits in first-parent order, feature commit off the branch")
PYTHON

/usr/bin/python3 - "$work/public/main" "$c1" "$c2" "$c3" "$m" "$rebased" "$f1" <<'PYTHON'
import os, sys
site, main, feature = sys.argv[1], sys.argv[2:7], sys.argv[7]
# Runs run-0, run-2, run-6, run-8, run-10 belong to main's commits, oldest first; run-4 to the feature.
runs = dict(zip(main, ["run-0", "run-2", "run-6", "run-8", "run-10"]))
pages = sorted(os.listdir(site + "/runs"))
assert pages == ["run-10.html", "run-8.html", "run-hung.html"], "only the two newest commits' runs have a page: %s" % pages
hung = open(site + "/runs/run-hung.html").read()
banner = "hung: rank 3 (n002) waited 600.00 s in MPI_Recv in region exchange (step &gt; exchange)"
assert banner in hung.split("<h1>")[0], "the hung run's page opens with where it hung"
assert hung.count('class="timeline-chart"') == 1 and "<strong>stable</strong>" in hung, "its timeline and behaviour"
assert sorted(os.listdir(site + "/commits")) == sorted(sha + ".html" for sha in main), "a page per commit of main"
index = open(site + "/index.html").read().split("<h2>Commits</h2>")[1]
links = [index.find('href="commits/%s.html"' % sha) for sha in main]
assert all(p >= 0 for p in links) and links == sorted(links, reverse=True), "the index lists commits newest first"
for sha in main:
    page = open("%s/commits/%s.html" % (site, sha)).read()
    row = page.split("<tbody>")[1].split("</tbody>")[0]
    # The jacobi example's Global region: elapsed 3435134400 ns; parallel efficiency
    # 11869758230 / (4 x 3435134400) = 0.8639, in the [0.8, 0.9) step of the scale.
    # The row's cells, closing tags omitted as HTML allows: experiment and configuration (spanning
    # the configuration's rows), repetition 1, elapsed time and parallel efficiency (one run: no
    # spread, so no hover title), the run. The newest commit's hung run is a second row of the same
    # configuration, marked, after the repetition.
    hung_rows = 1 if sha == main[4] else 0
    assert row.count("<tr>") == 1 + hung_rows and "<tr><td" in row and ">strong-scaling<td" in row, row
    assert row.count('<span class="hung-mark">hung</span> rank 3 (n002)') == hung_rows, row
    assert "<td>1<td>3.44 s<td class=e8>0.86<td>" in row, row
    linked = '<a href="../runs/%s.html">%s</a>' % (runs[sha], runs[sha])
    assert (linked in row) == (sha in main[3:]), "run link on %s's page: %s" % (sha[:7], row)
    assert runs[sha] in row, "the run is a row of its commit's page even without a page of its own"
print("pages_history: a page per commit, run pages for the newest 2 commits only")
PYTHON

# No link of the site leads nowhere, and every page's breadcrumb starts at its branch's index.
/usr/bin/python3 "$(dirname "$0")/check_links.py" "$work/public" main
