#!/usr/bin/env python3
"""No repair by degeneration: kernel time of the near-miss original vs kfix's
repaired kernel (and the human fix) on the GPU.

The repairs come from a CPU run of `kfix bench` (RESULTS/full/tasks/<id>/
repaired.mlir, copied by the lead into .dist/repaired/<id>.mlir); on the GPU
only `kfix time` runs: the median of --reps launches timed with CUDA events at
the task's largest size. Writes $OUT/repaired-time.md. Standard library only.
"""
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KFIX = os.environ.get("KFIX", "kfix")
TARGET = os.environ.get("KFIX_GPU_BENCH_TARGET", "cuda")
REPS = os.environ.get("REPS", "50")
OUT = os.environ.get("OUT", os.path.join(ROOT, "gpu-out"))


def time_of(task, candidate):
    cmd = [KFIX, "time", task, "--target", TARGET, "--reps", REPS, "--json"]
    if candidate:
        cmd += ["--candidate", candidate]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        j = json.loads(r.stdout)
        return j.get("kernel_ms"), ""
    except Exception as e:  # noqa: BLE001 - one broken task must not stop the table
        return None, str(e)[:80]


def main():
    rep_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".dist", "repaired")
    rows, ratios, human = [], [], []
    for f in sorted(os.listdir(rep_dir)):
        if not f.endswith(".mlir"):
            continue
        tid = f[:-5]
        task = os.path.join(ROOT, "bench", "tasks", tid, "task.json")
        if not os.path.exists(task):
            continue
        orig, e1 = time_of(task, None)
        fixed, e2 = time_of(task, os.path.join(rep_dir, f))
        hum, e3 = time_of(task, os.path.join(ROOT, "bench", "tasks", tid, "fixed.cu"))
        ratio = fixed / orig if orig and fixed else None
        hr = fixed / hum if hum and fixed else None
        if ratio:
            ratios.append(ratio)
        if hr:
            human.append(hr)
        rows.append((tid, orig, fixed, hum, ratio, hr, e1 or e2 or e3))
        write(rows, ratios, human)
    write(rows, ratios, human)


def fmt(v, d=4):
    return "n/a" if v is None else f"{v:.{d}g}"


def write(rows, ratios, human):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "repaired-time.md"), "w") as o:
        o.write("# Repaired vs original kernel time\n\n")
        o.write(f"`kfix time --reps {REPS}` (median launch, CUDA events, largest task size), "
                f"target {TARGET}.\n\n")
        o.write("| task | original ms | repaired ms | human fix ms | repaired / original | repaired / human fix | note |\n")
        o.write("|---|---|---|---|---|---|---|\n")
        for r in rows:
            o.write("| " + " | ".join([r[0], fmt(r[1]), fmt(r[2]), fmt(r[3]), fmt(r[4], 3), fmt(r[5], 3), r[6]]) + " |\n")
        o.write("\n")
        if ratios:
            o.write(f"median repaired / original: {statistics.median(ratios):.3f} over {len(ratios)} tasks; "
                    f"median repaired / human fix: {statistics.median(human) if human else float('nan'):.3f}\n")


if __name__ == "__main__":
    main()
