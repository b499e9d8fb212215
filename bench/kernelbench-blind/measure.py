#!/usr/bin/env python3
"""Import rate of `kfix import-kernelbench` on a blind corpus.

Runs `kfix import-kernelbench --target TARGET` on every case of SET/cases.json and
prints a markdown table (case, single-kernel, planted bug, result, first error) and
the rates overall and over the single-kernel cases. The importer is the harness
(python/kfix_harness capture): the problem and the candidate run in real Python and
torch, and the kernel launch that wrote ModelNew's output becomes the task; a case
imports when that task is written. On the CPU target each case builds its
extension (two torch translation units, about a minute on 2 cores; cached in
~/.cache/kfix/harness afterwards).

  bench/kernelbench-blind/measure.py set1 [--kfix build/bin/kfix] [--json out.json]
      [--target cpu|cuda] [--run] [--jobs N]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def first_error(out):
    for line in out.splitlines():
        if "error:" in line:
            return line.replace(HERE + "/", "").strip()
    lines = [l for l in out.splitlines() if l.strip()]
    return lines[-1].strip() if lines else ""


def run_case(kfix, case, workdir, extra):
    out_dir = os.path.join(workdir, case["id"])
    cmd = [kfix, "import-kernelbench",
           "--problem", os.path.join(HERE, case["problem"]),
           "--candidate", os.path.join(HERE, case["candidate"]),
           "-o", out_dir] + extra
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=1200)
    except subprocess.TimeoutExpired:
        return {"id": case["id"], "single_kernel": case["single_kernel"],
                "bug": case.get("bug"), "ok": False, "rc": None, "error": "timeout",
                "task": out_dir}
    ok = p.returncode == 0 and os.path.exists(os.path.join(out_dir, "task.json"))
    return {"id": case["id"], "single_kernel": case["single_kernel"],
            "bug": case.get("bug"), "ok": ok, "rc": p.returncode,
            "error": "" if ok else first_error(p.stdout), "task": out_dir}


def run_task(kfix, r, target="cpu"):
    try:
        p = subprocess.run([kfix, "run", os.path.join(r["task"], "task.json"), "--target", target],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=600)
    except subprocess.TimeoutExpired:
        return "timeout"
    for line in p.stdout.splitlines():
        if line.startswith("verdict:"):
            return line.split()[1]
    return "error: " + first_error(p.stdout)[:120]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set", help="corpus directory under bench/kernelbench-blind (set1, set2, set3)")
    ap.add_argument("--kfix", default=os.path.join(ROOT, "build", "bin", "kfix"))
    ap.add_argument("--json", help="write the per-case results here")
    ap.add_argument("--keep", help="directory for the imported tasks (default: a temp dir)")
    ap.add_argument("--run", action="store_true",
                    help="also validate each imported task (kfix run --target TARGET): "
                         "correct candidates should pass, planted bugs fail")
    ap.add_argument("--target", default="cpu",
                    help="harness target of the import and executor for --run (cpu, cuda)")
    ap.add_argument("--jobs", type=int, default=1, help="cases imported / validated at once")
    ap.add_argument("--max-elements", type=int,
                    help="CPU: the harness scales the problem's sizes to this many elements")
    args = ap.parse_args()

    cases = json.load(open(os.path.join(HERE, args.set, "cases.json")))["cases"]
    workdir = args.keep or tempfile.mkdtemp(prefix="kb-blind-")
    os.makedirs(workdir, exist_ok=True)
    extra = ["--target", args.target]
    if args.max_elements:
        extra += ["--max-elements", str(args.max_elements)]
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda c: run_case(args.kfix, c, workdir, extra), cases))
    if args.run:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            verdicts = pool.map(lambda r: run_task(args.kfix, r, args.target) if r["ok"] else "",
                                results)
            for r, v in zip(results, verdicts):
                r["verdict"] = v

    run_col = f" kfix run ({args.target}) |" if args.run else ""
    print("| case | single kernel | planted bug | import |" + run_col + " error |")
    print("| --- | --- | --- | --- |" + (" --- |" if args.run else "") + " --- |")
    for r in results:
        err = r["error"].replace("|", "\\|")
        verdict = f" {r.get('verdict', '')} |" if args.run else ""
        print(f"| {r['id']} | {'yes' if r['single_kernel'] else 'no'} | "
              f"{r['bug'] or '-'} | {'ok' if r['ok'] else 'FAIL'} |{verdict} {err} |")
    single = [r for r in results if r["single_kernel"]]
    n_ok = sum(r["ok"] for r in results)
    s_ok = sum(r["ok"] for r in single)
    print()
    print(f"all cases: {n_ok}/{len(results)} = {100.0 * n_ok / len(results):.1f}%")
    print(f"single-kernel cases: {s_ok}/{len(single)} = {100.0 * s_ok / max(1, len(single)):.1f}%")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
