#!/usr/bin/env python3
"""Delivered-diff size over the KB examples and NM-bench (docs/delivery.md).

Runs `kfix debug --target cpu` on every kb/examples/*/task.json and
bench/tasks/*/task.json (or reads an existing output directory with --read),
and reports, over the repaired tasks: how many were delivered as a patch, the
median changed lines of repair.diff, and the share whose unchanged lines are
all byte-identical to the user's file.
"""
import argparse, concurrent.futures, glob, json, os, re, statistics, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument("--kfix", default="build/bin/kfix")
ap.add_argument("-o", "--out", default="/tmp/kfix-delivery")
ap.add_argument("--read", action="store_true", help="only summarize an existing --out")
ap.add_argument("-v", action="store_true", help="one line per task")
ap.add_argument("-j", "--jobs", type=int, default=1, help="tasks run at once")
ap.add_argument("--time-limit", type=int, default=600, help="kfix debug --time-limit per task")
ap.add_argument("--only", default="", help="a regular expression the task id must match")
a = ap.parse_args()
tasks = sorted(glob.glob("kb/examples/*/task.json")) + sorted(glob.glob("bench/tasks/*/task.json"))
ids = []
for t in tasks:
    d = t.split("/")
    tid = ("kb-" if d[0] == "kb" else "nm-") + d[-2]
    if not a.only or re.search(a.only, tid):
        ids.append((t, tid))


def run(job):
    t, tid = job
    out = os.path.join(a.out, tid)
    try:
        subprocess.run([a.kfix, "debug", t, "-o", out, "--target", "cpu", "--quiet",
                        "--time-limit", str(a.time_limit)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=a.time_limit + 120)
    except subprocess.TimeoutExpired:
        pass


if not a.read:
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        list(ex.map(run, ids))
rows = []
for t, tid in ids:
    out = os.path.join(a.out, tid)
    try:
        r = json.load(open(os.path.join(out, "report.json")))
    except Exception:
        continue
    if r.get("verdict") != "repaired":
        continue
    p = r.get("patch", {})
    rows.append((tid, r.get("delivery"), p.get("changed_lines", 0),
                 bool(p.get("unchanged_lines_identical")), p.get("reason", ""),
                 [re.sub(r"\{.*", "", x.get("pass", "") or "patch") for x in r.get("repairs", [])]))
n = len(rows)
if not n:
    sys.exit("no repaired task")
if a.v:
    for r in rows:
        print(f"{r[1]:11} {r[2]:4}  {r[0]:40} {','.join(r[5])}  {r[4][:100]}")
ch = [r[2] for r in rows]
ident = sum(r[3] for r in rows)
patched = sum(r[1] == "patch" for r in rows)
kernel = sum(r[1] == "kernel" for r in rows)
print(f"repaired tasks: {n}; delivered as a patch: {patched} ({100*patched/n:.1f}%); "
      f"as the kernel regenerated within the file: {kernel}; "
      f"median changed lines: {statistics.median(ch)}; "
      f"every unchanged line byte-identical: {ident} ({100*ident/n:.1f}%)")
