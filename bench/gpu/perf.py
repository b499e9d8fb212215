#!/usr/bin/env python3
"""Runtime cost of kfix's repairs and the repair -> PTX -> verdict turnaround.
Writes $OUT/perf.md.

(i) For every task with a bug (bench/tasks, else kb/examples, plus
    examples/near-miss and bench/gpu/tasks): `kfix debug TASK -o DIR --target cuda`
    (parallel), then sequentially `kfix time TASK --reps R --json` for the original,
    the repaired DIR/repaired.mlir and the human fix (fixed.cu / after.cu) when there
    is one. Ratio repaired / original and repaired / human fix; target: median
    slowdown <= 10%.
(ii) Turnaround on bench/gpu/tasks/axpy-1m (1M + 3 floats, tail bug): from the lifted
    kernel, `kfix-opt --pass-pipeline=<the repair>` then `kfix run --target cuda`
    (1 size, 1 seed: lowering to PTX, module load, launch, reference, verdict), whole
    processes, median of $TURN_REPS; the split from `kfix time --reps 0 --json`;
    side by side with NVRTC through cupy (cold: a source never compiled before; warm:
    the same source again) via nvrtc_time.py, and `nvcc -ptx`. Target < 200 ms.
"""
import json
import os
import re
import shutil
import sys

import common as C


def debug(args):
    t, work, target = args
    d = os.path.join(work, t["id"].replace("/", "_"))
    r = C.run([C.kfix(), "debug", t["task"], "-o", d, "--target", target, "--quiet",
               "--time-limit", os.environ.get("DEBUG_TIME_LIMIT", "150")], timeout=200)
    rep = os.path.join(d, "repaired.mlir")
    m = re.search(r"verdict: (\S+)", r["out"])
    return {"dir": d, "repaired": rep if os.path.exists(rep) else None,
            "verdict": m.group(1) if m else C.last_line(r),
            "ms": r["ms"]}


def time_kernel(task, cand, target, reps):
    cmd = [C.kfix(), "time", task, "--target", target, "--reps", str(reps), "--json"]
    if cand:
        cmd += ["--candidate", cand]
    r = C.run(cmd, timeout=240)
    j = C.json_out(r)
    if j and j.get("kernel_ms", -1) >= 0:
        return j["kernel_ms"], None
    if j:
        faults = [f["kind"] for l in j.get("launches", []) for f in l.get("faults", [])]
        return None, "faults: " + ",".join(sorted(set(faults)))
    return None, C.last_line(r)


def part_repairs(rep, target, reps):
    tasks = [t for t in C.collect_tasks(with_tests=False)
             if t["origin"] in ("bench", "example", "gpu", "extra")]
    if not any(t["origin"] == "bench" for t in tasks):
        tasks += [t for t in C.collect_tasks(with_tests=False) if t["origin"] == "kb"]
    if os.environ.get("PERF_TASKS_FILE"):
        # Only the tasks named in a subset file (one task directory name per line).
        names = {l.strip() for l in open(os.environ["PERF_TASKS_FILE"])
                 if l.strip() and not l.startswith("#") and ":" not in l}
        tasks = [t for t in tasks
                 if os.path.basename(os.path.dirname(t["task"])) in names or t["origin"] == "gpu"]
    if os.environ.get("PERF_MAX_TASKS"):
        tasks = tasks[:int(os.environ["PERF_MAX_TASKS"])]
    work = C.work_dir("perf")
    sec = rep.table("(i) Repaired vs original kernel time",
                    ["task", "debug verdict", "debug s", "original ms", "repaired ms",
                     "human fix ms", "repaired / original", "repaired / human fix", "note"],
                    "ms: `kfix time --reps %d` median of one launch, largest task size, "
                    "target %s. The task sizes are small (launch-bound kernels of a few us): "
                    "ratios near 1 say little about large sizes." % (reps, target))
    summ = rep.table("(i) Summary", ["tasks done", "timed pairs", "median repaired / original",
                                     "median repaired / human fix", "target"])
    rep.write()
    debugs = C.parallel(debug, [(t, work, target) for t in tasks])
    ratios, ratios_fix = [], []
    rep.data["repairs"] = []
    for t, d in zip(tasks, debugs):
        if "exception" in d:
            rep.add(sec, [t["id"], "script error", "", "", "", "", "", "", d["exception"]])
            continue
        orig, e1 = time_kernel(t["task"], None, target, reps)
        repd, e2 = (time_kernel(t["task"], d["repaired"], target, reps) if d["repaired"]
                    else (None, "not repaired"))
        fix, e3 = (time_kernel(t["task"], t["fixed"], target, reps) if t["fixed"]
                   else (None, None))
        r1 = repd / orig if repd and orig else None
        r2 = repd / fix if repd and fix else None
        if r1:
            ratios.append(r1)
        if r2:
            ratios_fix.append(r2)
        note = "; ".join(x for x in (e1 and "original: " + e1, e2 and "repaired: " + e2,
                                     e3 and "fix: " + e3) if x)
        rep.add(sec, [t["id"], d["verdict"], d["ms"] / 1e3, orig, repd, fix, r1, r2, note])
        rep.data["repairs"].append({"id": t["id"], "original_ms": orig, "repaired_ms": repd,
                                    "fixed_ms": fix, "verdict": d["verdict"]})
        m1, m2 = C.median(ratios), C.median(ratios_fix)
        m = m1 if m1 is not None else m2
        summ["rows"] = [["%d of %d" % (len(rep.data["repairs"]), len(tasks)), len(ratios), m1, m2,
                         "median repaired / original <= 1.10: %s" % (
                             "n/a" if m is None else "met" if m <= 1.10 else "not met")]]
        rep.write()


def find_nvcc():
    for c in (shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if c and os.path.exists(c):
            return c
    return None


def part_turnaround(rep, target, n):
    tdir = os.path.join(C.ROOT, "bench", "gpu", "tasks", "axpy-1m")
    task = os.path.join(tdir, "task.json")
    kernel = os.path.join(tdir, "kernel.cu")
    work = C.work_dir("turnaround")
    sec = rep.table("(ii) Turnaround: repair -> PTX -> verdict (axpy, 1M + 3 floats)",
                    ["path", "median ms", "min ms", "runs", "note"],
                    "Whole processes, median of %d runs after one warm-up, target %s." %
                    (n, target))
    rep.data["turnaround"] = {}

    # Setup (untimed): lift with locations; the repair action from kfix debug.
    lifted = os.path.join(work, "lifted.mlir")
    r = C.run(C.kfix_translate() + ["--import-cuda", kernel, "--mlir-print-debuginfo",
                                    "-o", lifted], timeout=120)
    if r["rc"] != 0:
        rep.add(sec, ["setup", None, None, 0, "lifting failed: " + C.last_line(r)])
        return
    action = "kfix-repair-bounds-guard{loc=%s:6:14}" % kernel
    dbg = os.path.join(work, "debug")
    r = C.run([C.kfix(), "debug", task, "-o", dbg, "--target", target, "--quiet"], timeout=200)
    try:
        with open(os.path.join(dbg, "report.json")) as f:
            reps = json.load(f).get("repairs") or []
        if reps and reps[0].get("describe"):
            action = reps[0]["describe"]
    except (OSError, ValueError):
        pass
    rep.data["turnaround"]["action"] = action

    # Inside the repair loop (one kfix debug process: the task is lifted once,
    # the CUDA worker keeps its context): per evaluated step, applying the
    # action plus the candidate's first verdict (lower to PTX, launch,
    # reference comparison), from trace.jsonl's ms_split.
    inloop, fullv = [], []
    for i in range(n):
        d = os.path.join(work, "debug-%d" % i)
        C.run([C.kfix(), "debug", task, "-o", d, "--target", target, "--quiet"], timeout=200)
        try:
            with open(os.path.join(d, "trace.jsonl")) as f:
                for line in f:
                    sp = json.loads(line).get("ms_split") or {}
                    if "screen" in sp:
                        inloop.append(sp.get("apply", 0) + sp["screen"])
                    if "full" in sp:
                        fullv.append(sp["full"])
        except (OSError, ValueError):
            pass
    rep.add(sec, ["**turnaround inside kfix debug: apply + first verdict (PTX, launch, "
                  "reference comparison), worker warm**", C.median(inloop),
                  min(inloop, default=None), len(inloop),
                  "target < 200 ms: %s" % ("met" if inloop and C.median(inloop) < 200
                                           else "not met" if inloop else "n/a")])
    rep.add(sec, ["  full-coverage validation of the accepted candidate (inside kfix debug)",
                  C.median(fullv), min(fullv, default=None), len(fullv), ""])
    rep.data["turnaround"].update({"inloop_ms": inloop, "inloop_full_ms": fullv})
    pipeline = "builtin.module(gpu.module(%s))" % action
    repaired = os.path.join(work, "repaired.mlir")
    opt_cmd = C.kfix_opt() + [lifted, "--mlir-print-debuginfo", "--pass-pipeline=" + pipeline,
                              "-o", repaired]
    run_cmd = [C.kfix(), "run", task, "--candidate", repaired, "--target", target]

    opt_ms, run_ms, total_ms = [], {}, {}
    for variant, env in (("persistent CUDA worker", {}),
                         ("a forked child per launch, KFIX_CUDA_WORKER=0", {"KFIX_CUDA_WORKER": "0"}),
                         ("KFIX_CUDA_NO_FORK=1", {"KFIX_CUDA_NO_FORK": "1"})):
        runs, totals, verdicts = [], [], []
        for i in range(n + 1):
            a = C.run(opt_cmd, timeout=60)
            b = C.run(run_cmd, timeout=120, env=env) if a["rc"] == 0 else None
            if i == 0:
                continue  # warm-up (page cache, driver JIT cache)
            if a["rc"] == 0:
                opt_ms.append(a["ms"])
            if b is not None:
                verdicts.append(b["rc"])
                if b["rc"] == 0:
                    runs.append(b["ms"])
                    totals.append(a["ms"] + b["ms"])
        run_ms[variant], total_ms[variant] = runs, totals
        ok = verdicts and all(v == 0 for v in verdicts)
        note = "verdict PASS in all runs" if ok else "verdicts (rc): %s" % verdicts
        rep.add(sec, ["kfix run --target %s, %s (lower to PTX, load, launch, reference, "
                      "verdict)" % (target, variant), C.median(runs), min(runs, default=None),
                      len(runs), note])
        rep.add(sec, ["**turnaround = kfix-opt + kfix run (%s)**" % variant, C.median(totals),
                      min(totals, default=None), len(totals),
                      "target < 200 ms: %s" % ("met" if totals and C.median(totals) < 200
                                               else "not met" if totals else "n/a")])
    rep.add(sec, ["kfix-opt (apply %s)" % action.split("{")[0], C.median(opt_ms),
                  min(opt_ms, default=None), len(opt_ms), ""])
    # The split, from kfix time --reps 0.
    splits = [C.json_out(C.run([C.kfix(), "time", task, "--candidate", repaired, "--target",
                                target, "--reps", "0", "--json"], timeout=120))
              for _ in range(n)]
    splits = [s for s in splits if s and s.get("launches")]
    for key, label in (("open_ms", "  (kfix time's own start: manifest, candidate, the task's source lifted, reference; kfix run lifts no source here)"),):
        vals = [s[key] for s in splits]
        rep.add(sec, [label, C.median(vals), min(vals, default=None), len(vals), "kfix time"])
    for key, label in (("lower_ms", "  split: lowering to PTX (kfix-lower-to-nvvm)"),
                       ("load_ms", "  split: module load (cuModuleLoadDataEx, PTX JIT)"),
                       ("run_ms", "  split: kernel run (events, checked launch)")):
        vals = [s["launches"][0][key] for s in splits if s["launches"][0][key] >= 0]
        rep.add(sec, [label, C.median(vals), min(vals, default=None), len(vals), "kfix time"])
    rep.data["turnaround"].update({"opt_ms": opt_ms, "run_ms": run_ms, "total_ms": total_ms,
                                   "splits": splits})

    # The same repaired kernel as CUDA C++ for NVRTC and nvcc.
    cu = os.path.join(dbg, "repaired.cu")
    if not os.path.exists(cu):
        cu = os.path.join(tdir, "reference.cu")
    nv = C.run([sys.executable, os.path.join(C.ROOT, "bench", "gpu", "nvrtc_time.py"), cu,
                str(n)], timeout=300)
    j = C.json_out(nv)
    if j and "error" not in j:
        for key, label in (("cold_ms", "NVRTC via cupy, cold (new source: compile + load + "
                                       "launch + check)"),
                           ("warm_ms", "NVRTC via cupy, warm (same source again)"),
                           ("nvrtc_compile_ms", "  NVRTC compile only (cupy.cuda.compiler)")):
            vals = j.get(key) or []
            rep.add(sec, [label, C.median(vals), min(vals, default=None), len(vals),
                          j.get("note", "")])
        rep.data["turnaround"]["cupy"] = j
    else:
        rep.add(sec, ["NVRTC via cupy", None, None, 0,
                      (j or {}).get("error") or C.last_line(nv)])
    nvcc = find_nvcc()
    if nvcc:
        arch = os.environ.get("NVCC_ARCH", "sm_90")
        ms = []
        for i in range(n + 1):
            r = C.run([nvcc, "-ptx", "-arch=" + arch, cu, "-o", os.path.join(work, "nvcc.ptx")],
                      timeout=120)
            if i and r["rc"] == 0:
                ms.append(r["ms"])
        rep.add(sec, ["nvcc -ptx -arch=%s (PTX only, no load, no run)" % arch, C.median(ms),
                      min(ms, default=None), len(ms), "" if ms else C.last_line(r)])
        rep.data["turnaround"]["nvcc_ms"] = ms
    else:
        rep.add(sec, ["nvcc -ptx", None, None, 0, "nvcc not found"])


def main():
    target = C.target()
    reps = int(os.environ.get("REPS", "50"))
    rep = C.Report("perf.md", "Repaired kernel speed and repair turnaround",
                   "bench/gpu/perf.py; target %s." % target)
    parts = sys.argv[1:] or ["repairs", "turnaround"]
    rep.write()
    if "turnaround" in parts:
        part_turnaround(rep, target, int(os.environ.get("TURN_REPS", "5")))
    if "repairs" in parts:
        part_repairs(rep, target, reps)
    print("perf -> %s" % rep.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
