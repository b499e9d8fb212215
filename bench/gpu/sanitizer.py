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
     sanitizer follow them?). Parsed by sanitizer_parse (sequential, timed).
  3. The plain `kfix run ... --target cuda` (same env) for the sanitizer's slowdown.
  4. `kfix time TASK [--candidate FIXED] --reps R` plain and with
     `--instrument bounds,races`: kfix's instrumentation overhead per launch.
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


def main():
    san = sanitizer_bin()
    target = C.target()
    reps = int(os.environ.get("REPS", "20"))
    fork_tasks = int(os.environ.get("SAN_FORK_TASKS", "3"))
    tasks = [t for t in C.collect_tasks(with_tests=False) if t["race"] or t["bounds"]]
    # Alternate race and bounds tasks, so that a step cut by its time limit has both.
    races = [t for t in tasks if t["race"]]
    others = [t for t in tasks if not t["race"]]
    tasks = [t for pair in zip(races, others) for t in pair] + \
        races[len(others):] + others[len(races):]
    if os.environ.get("SAN_MAX_TASKS"):
        tasks = tasks[:int(os.environ["SAN_MAX_TASKS"])]
    work = C.work_dir("sanitizer")
    rep = C.Report("sanitizer.md", "compute-sanitizer vs kfix instrumentation",
                   "Race / out-of-bounds tasks (selected by name and kfix_bench bugs), their "
                   "buggy source. compute-sanitizer: `%s`. Sanitized runs: `compute-sanitizer "
                   "--tool T --target-processes all kfix run TASK --target cuda` with "
                   "KFIX_CUDA_NO_FORK=1 (in-process launches) and, for the first %d tasks, "
                   "without it (forked launch processes)." % (san or "not found", fork_tasks))
    found = rep.table("Findings", ["task", "tool", "sanitizer count (in-process)",
                                   "sanitizer count (forked)", "sanitizer kinds",
                                   "sanitizer locations", "kfix diagnose cuda",
                                   "kfix diagnose cpu"],
                      "count = hazards (racecheck) or errors (memcheck, from ERROR SUMMARY); "
                      "forked = the launches in kfix's forked child processes; 'no report' = "
                      "the sanitizer printed no summary for them.")
    cost = rep.table("Cost", ["task", "plain run s", "sanitized run s (tool)", "slowdown",
                              "kernel ms plain", "kernel ms instrumented (bounds,races)",
                              "instrumentation overhead", "timed candidate"],
                     "run s: wall time of the whole `kfix run` process (lifting, all sizes and "
                     "seeds, reference). kernel ms: `kfix time --reps %d` median of one "
                     "launch (CUDA events), largest size." % reps)
    summ = rep.table("Summary", ["tasks done", "median sanitizer slowdown (whole run)",
                                 "median kfix instrumentation overhead (kernel)"])
    rep.data["tasks"] = []
    rep.write()

    # 1. kfix diagnose, both targets, in parallel.
    diag_jobs = [(t, tg, work) for t in tasks for tg in (["cuda", "cpu"] if target == "cuda"
                                                          else ["cpu"])]
    diags = C.parallel(diagnose, diag_jobs)
    by = {(j[0]["task"], j[1]): d for j, d in zip(diag_jobs, diags)}

    slowdowns, overheads = [], []
    for i, t in enumerate(tasks):
        entry = {"id": t["id"], "tools": {}}
        plain_env = {"KFIX_CUDA_NO_FORK": "1"}
        plain = C.run([C.kfix(), "run", t["task"], "--target", target], timeout=300,
                      env=plain_env)
        entry["plain_run_ms"] = plain["ms"]
        san_ms = {}
        for tool in tools_for(t):
            counts = {}
            res_in = None
            for mode in ("in-process", "forked"):
                if mode == "forked" and i >= fork_tasks:
                    counts[mode] = "not run"
                    continue
                if not san or target != "cuda":
                    counts[mode] = "no sanitizer" if not san else "cpu dry run"
                    continue
                env = {"KFIX_CUDA_NO_FORK": "1" if mode == "in-process" else "0"}
                r = C.run([san, "--tool", tool, "--target-processes", "all",
                           C.kfix(), "run", t["task"], "--target", "cuda"],
                          timeout=300, env=env)
                res = SP.parse(r["out"] + "\n" + r["err"])
                if mode == "in-process":
                    res_in = res
                    san_ms[tool] = r["ms"]
                if r["timed_out"]:
                    counts[mode] = "timeout"
                elif res["summaries"] == 0 and res["reported"] == 0:
                    counts[mode] = "no report (rc %d)" % r["rc"]
                else:
                    counts[mode] = SP.summary_count(res, tool)
                entry["tools"].setdefault(tool, {})[mode] = {
                    "rc": r["rc"], "ms": r["ms"], "errors": res["errors"],
                    "hazards": res["hazards"], "reported": res["reported"],
                    "kinds": dict(res["kinds"]), "locations": dict(res["locations"]),
                    "api_errors": res["api_errors"], "tail": (r["out"] + r["err"])[-1500:]}
            rep.add(found, [t["id"], tool, counts.get("in-process"), counts.get("forked"),
                            ", ".join("%s x%d" % kv for kv in res_in["kinds"].most_common(3))
                            if res_in else "", SP.top_locations(res_in) if res_in else "",
                            by.get((t["task"], "cuda"), {}).get("summary", "n/a"),
                            by.get((t["task"], "cpu"), {}).get("summary", "n/a")])

        # kfix instrumentation overhead (on the fixed candidate when there is one:
        # a buggy kernel may fault).
        cand = ["--candidate", t["fixed"]] if t["fixed"] else []
        base = [C.kfix(), "time", t["task"], "--target", target, "--reps", str(reps),
                "--json"] + cand
        tp = C.json_out(C.run(base, timeout=240))
        ti = C.json_out(C.run(base + ["--instrument", "bounds,races"], timeout=240))
        kp = tp["kernel_ms"] if tp and tp["kernel_ms"] >= 0 else None
        ki = ti["kernel_ms"] if ti and ti["kernel_ms"] >= 0 else None
        over = ki / kp if kp and ki else None
        if over:
            overheads.append(over)
        best_tool = min(san_ms, key=san_ms.get) if san_ms else None
        sd = san_ms[best_tool] / plain["ms"] if best_tool and plain["ms"] > 0 else None
        if sd:
            slowdowns.append(sd)
        rep.add(cost, [t["id"], plain["ms"] / 1e3,
                       "%.2f (%s)" % (san_ms[best_tool] / 1e3, best_tool) if best_tool else "n/a",
                       "%.1fx" % sd if sd else "n/a", kp, ki,
                       "%.2fx" % over if over else "n/a", "fixed" if t["fixed"] else "source"])
        entry.update({"kernel_ms": kp, "kernel_ms_instrumented": ki, "san_ms": san_ms})
        rep.data["tasks"].append(entry)
        summ["rows"] = [["%d of %d" % (i + 1, len(tasks)),
                         "%.1fx" % C.median(slowdowns) if slowdowns else "n/a",
                         "%.2fx" % C.median(overheads) if overheads else "n/a"]]
        rep.write()
    print("sanitizer: %d tasks -> %s" % (len(tasks), rep.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
