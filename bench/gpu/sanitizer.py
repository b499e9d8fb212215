#!/usr/bin/env python3
"""compute-sanitizer (racecheck / memcheck) vs kfix's own findings on the race and
out-of-bounds tasks, and what each costs. Writes $OUT/sanitizer.md.

Per task whose name / kfix_bench bugs look sync- or bounds-related (common.RACE_RE,
BOUNDS_RE), on the task's (buggy) source:
  1. `kfix diagnose TASK --quick -o DIR --target cuda` and `--target cpu`: findings,
     faults, their sites (parallel).
  2. `compute-sanitizer --tool T --target-processes all kfix run TASK --target cuda`
     with KFIX_CUDA_NO_FORK=1 (every launch in the kfix process), and for the first
     $SAN_FORK_TASKS tasks also without it (forked launch processes: does the
     sanitizer follow them?). Parsed by sanitizer_parse. Tasks in parallel.
  3. On the first $SAN_TIME_TASKS tasks, one process at a time: `kfix time TASK
     [--candidate FIXED]` plain, with `--instrument bounds,races`, and under
     `compute-sanitizer --tool racecheck|memcheck`: the kernel time (CUDA events)
     of each, so kfix's instrumentation overhead and the sanitizers' slowdown
     are measured the same way.
"""
import collections
import os
import shutil
import sys

import common as C
import sanitizer_parse as SP


def sanitizer_bin():
    for c in (os.environ.get("COMPUTE_SANITIZER"), shutil.which("compute-sanitizer"),
              "/usr/local/cuda/bin/compute-sanitizer",
              "/usr/local/cuda/compute-sanitizer/compute-sanitizer"):
        if c and os.path.exists(c):
            return c
    return None


def diag_summary(d):
    """report.json -> 'kind@file:line, ...' of findings and faults."""
    import json
    try:
        with open(os.path.join(d, "report.json")) as f:
            sig = json.load(f).get("signature", {})
    except (OSError, ValueError):
        return None
    items = []
    for f in sig.get("findings", []):
        sites = sorted({"%s:%s" % (os.path.basename(s.get("file", "?")), s.get("line", "?"))
                        for s in f.get("sites", [])})
        items.append("%s@%s" % (f.get("kind"), ",".join(sites) or "?"))
    faults = collections.Counter(f.get("kind") for f in sig.get("faults", []))
    for kind, n in sorted(faults.items()):
        items.append("fault:%s" % kind + (" x%d" % n if n > 1 else ""))
    return "; ".join(items) or "none"


def diagnose(args):
    t, target, work = args
    d = os.path.join(work, "%s-%s" % (t["id"].replace("/", "_"), target))
    r = C.run([C.kfix(), "diagnose", t["task"], "--quick", "-o", d, "--target", target],
              timeout=240)
    s = diag_summary(d)
    return {"summary": s if s is not None else "error: " + C.last_line(r), "ms": r["ms"]}


def tools_for(t):
    tools = []
    if t["race"]:
        tools.append("racecheck")
    if t["bounds"] or not tools:
        tools.append("memcheck")
    return tools


def sanitize(args):
    """One task, one tool: the sanitizer's findings over a whole `kfix run`."""
    t, tool, san, mode = args
    # Without kfix's own bounds guard on the GPU: the sanitizer must see the
    # candidate's accesses as they are.
    env = {"KFIX_CUDA_NO_FORK": "1" if mode == "in-process" else "0", "KFIX_CUDA_NO_BOUNDS": "1"}
    r = C.run([san, "--tool", tool, "--target-processes", "all",
               C.kfix(), "run", t["task"], "--target", "cuda"], timeout=300, env=env)
    res = SP.parse(r["out"] + "\n" + r["err"])
    if r["timed_out"]:
        count = "timeout"
    elif res["summaries"] == 0 and res["reported"] == 0:
        count = "no report (rc %d)" % r["rc"]
    else:
        count = SP.summary_count(res, tool)
    return {"count": count, "res": res, "rc": r["rc"], "ms": r["ms"],
            "tail": (r["out"] + r["err"])[-1500:]}


# Timing runs: launches in the kfix process (the sanitizer sees them) and no
# bounds guard (the CUDA executor's default), so that "plain" is the kernel as
# written and each instrumentation is measured against it.
TIME_ENV = {"KFIX_CUDA_NO_FORK": "1", "KFIX_CUDA_NO_BOUNDS": "1"}


def kernel_ms(cmd, errors, tag):
    r = C.run(cmd, timeout=300, env=TIME_ENV)
    j = C.json_out(r)
    if j and j.get("kernel_ms", -1) >= 0:
        return j["kernel_ms"]
    errors.append("%s: rc %s: %s" % (tag, r["rc"], (r["out"] + r["err"])[-600:]))
    return None


def main():
    san = sanitizer_bin()
    target = C.target()
    reps = int(os.environ.get("REPS", "20"))
    san_reps = int(os.environ.get("SAN_REPS", "5"))
    fork_tasks = int(os.environ.get("SAN_FORK_TASKS", "3"))
    time_tasks = int(os.environ.get("SAN_TIME_TASKS", "16"))
    tasks = [t for t in C.collect_tasks(with_tests=False) if t["race"] or t["bounds"]]
    # Alternate race and bounds tasks, so that a cut-short run (or the timed
    # subset) has both.
    races = [t for t in tasks if t["race"]]
    others = [t for t in tasks if not t["race"]]
    tasks = [t for pair in zip(races, others) for t in pair] + \
        races[len(others):] + others[len(races):]
    if os.environ.get("SAN_MAX_TASKS"):
        tasks = tasks[:int(os.environ["SAN_MAX_TASKS"])]
    work = C.work_dir("sanitizer")
    rep = C.Report("sanitizer.md", "compute-sanitizer vs kfix instrumentation",
                   "Race / out-of-bounds tasks (selected by name and kfix_bench bugs), their "
                   "buggy source. compute-sanitizer: `%s`. Findings: `compute-sanitizer "
                   "--tool T --target-processes all kfix run TASK --target cuda` with "
                   "KFIX_CUDA_NO_FORK=1 (in-process launches) and, for the first %d tasks, "
                   "without it (forked launch processes); tasks in parallel (%d jobs). "
                   "Kernel cost on the first %d tasks, one process at a time: `kfix time "
                   "TASK [--candidate FIXED] --target cuda --json` (CUDA events around each "
                   "launch, median) plain, with `--instrument bounds,races`, and under "
                   "`compute-sanitizer --tool T` (in-process launches, %d reps)."
                   % (san or "not found", fork_tasks, C.jobs(), time_tasks, san_reps))
    found = rep.table("Findings", ["task", "tool", "sanitizer count (in-process)",
                                   "sanitizer count (forked)", "sanitizer kinds",
                                   "sanitizer locations", "kfix diagnose cuda",
                                   "kfix diagnose cpu"],
                      "count = hazards (racecheck) or errors (memcheck, from ERROR SUMMARY); "
                      "forked = the launches in kfix's forked child processes; 'no report' = "
                      "the sanitizer printed no summary for them.")
    cost = rep.table("Kernel cost", ["task", "timed candidate", "kernel ms plain",
                                     "kfix bounds,races ms", "kfix overhead",
                                     "racecheck ms", "racecheck slowdown", "memcheck ms",
                                     "memcheck slowdown"],
                     "kernel ms: `kfix time` median of one launch (CUDA events), the task's "
                     "largest size; plain and kfix-instrumented %d reps, sanitized %d reps. "
                     "The instrumented kernel runs without the sanitizer, the sanitized one "
                     "without kfix's instrumentation; all without the CUDA executor's default "
                     "bounds guard (KFIX_CUDA_NO_BOUNDS=1)." % (reps, san_reps))
    summ = rep.table("Summary", ["tasks (findings)", "tasks (kernel cost)",
                                 "median kfix overhead (bounds,races)",
                                 "median racecheck slowdown", "median memcheck slowdown"])
    rep.data["tasks"] = []
    rep.write()

    # 1. kfix diagnose, both targets, and the sanitizers' findings, in parallel.
    diag_jobs = [(t, tg, work) for t in tasks for tg in (["cuda", "cpu"] if target == "cuda"
                                                          else ["cpu"])]
    diags = C.parallel(diagnose, diag_jobs)
    by = {(j[0]["task"], j[1]): d for j, d in zip(diag_jobs, diags)}
    san_jobs = []
    if san and target == "cuda":
        for i, t in enumerate(tasks):
            for tool in tools_for(t):
                san_jobs.append((t, tool, san, "in-process"))
                if i < fork_tasks:
                    san_jobs.append((t, tool, san, "forked"))
    sans = C.parallel(sanitize, san_jobs)
    san_by = {(j[0]["task"], j[1], j[3]): r for j, r in zip(san_jobs, sans)}
    for t in tasks:
        entry = {"id": t["id"], "tools": {}}
        for tool in tools_for(t):
            counts = {}
            for mode in ("in-process", "forked"):
                r = san_by.get((t["task"], tool, mode))
                if r is None:
                    counts[mode] = ("no sanitizer" if not san else "cpu dry run"
                                    if target != "cuda" else "not run")
                    continue
                if "exception" in r:
                    counts[mode] = "error: " + r["exception"]
                    continue
                counts[mode] = r["count"]
                res = r["res"]
                entry["tools"].setdefault(tool, {})[mode] = {
                    "rc": r["rc"], "ms": r["ms"], "errors": res["errors"],
                    "hazards": res["hazards"], "reported": res["reported"],
                    "kinds": dict(res["kinds"]), "locations": dict(res["locations"]),
                    "api_errors": res["api_errors"], "tail": r["tail"]}
            r_in = san_by.get((t["task"], tool, "in-process"))
            res_in = r_in["res"] if r_in and "res" in r_in else None
            rep.add(found, [t["id"], tool, counts.get("in-process"), counts.get("forked"),
                            ", ".join("%s x%d" % kv for kv in res_in["kinds"].most_common(3))
                            if res_in else "", SP.top_locations(res_in) if res_in else "",
                            by.get((t["task"], "cuda"), {}).get("summary", "n/a"),
                            by.get((t["task"], "cpu"), {}).get("summary", "n/a")])
        rep.data["tasks"].append(entry)
    summ["rows"] = [["%d" % len(tasks), "0", "n/a", "n/a", "n/a"]]
    rep.write()

    # 2. Kernel cost, one process at a time (on the fixed candidate when there
    # is one: a buggy kernel may fault).
    overheads, slow = [], {"racecheck": [], "memcheck": []}
    timed = tasks[:time_tasks]
    for i, t in enumerate(timed):
        cand = ["--candidate", t["fixed"]] if t["fixed"] else []
        base = [C.kfix(), "time", t["task"], "--target", target, "--json"] + cand
        errors = []
        kp = kernel_ms(base + ["--reps", str(reps)], errors, "plain")
        ki = kernel_ms(base + ["--reps", str(reps), "--instrument", "bounds,races"], errors,
                       "instrumented")
        ks = {}
        for tool in ("racecheck", "memcheck"):
            if san and target == "cuda":
                ks[tool] = kernel_ms([san, "--tool", tool] + base + ["--reps", str(san_reps)],
                                     errors, tool)
        over = ki / kp if kp and ki else None
        if over:
            overheads.append(over)
        row = [t["id"], "fixed" if t["fixed"] else "source", kp, ki,
               "%.2fx" % over if over else "n/a"]
        for tool in ("racecheck", "memcheck"):
            k = ks.get(tool)
            sd = k / kp if k and kp else None
            if sd:
                slow[tool].append(sd)
            row += [k, "%.1fx" % sd if sd else "n/a"]
        rep.add(cost, row)
        rep.data["tasks"][tasks.index(t)].update(
            {"kernel_ms": kp, "kernel_ms_instrumented": ki, "kernel_ms_sanitized": ks,
             "timing_errors": errors})
        fmt = lambda xs, p: (p % C.median(xs)) if xs else "n/a"
        summ["rows"] = [["%d" % len(tasks), "%d of %d" % (i + 1, len(timed)),
                         fmt(overheads, "%.2fx"), fmt(slow["racecheck"], "%.1fx"),
                         fmt(slow["memcheck"], "%.1fx")]]
        rep.write()
    print("sanitizer: %d tasks -> %s" % (len(tasks), rep.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
