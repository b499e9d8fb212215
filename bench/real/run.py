#!/usr/bin/env python3
"""Runs the kfix harness on real KernelBench candidates and compares its verdict with
the benchmark's recorded one.

  bench/real/run.py --cases bench/real/cache [--list bench/real/dev-sample.txt]
                    [--target cpu|cuda] [--jobs N] [--timeout S] [-o OUT]

Each case folder (scripts/real-corpus.py) holds problem.py, candidate.py and meta.json
with the recorded verdict. Prints, for the single-file load_inline cases: how many ran
through the harness (a verdict, not a harness error), and how often the harness's
verdict (compiled and correct) agrees with the recorded one; writes OUT/results.json
and OUT/summary.md.
"""
import argparse
import collections
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


DEADLINE = [None]


MODE = ["run"]


def run_case(case_dir, out_dir, target, timeout, kfix, python, extra):
    if DEADLINE[0] and time.time() > DEADLINE[0]:
        return {"rc": -1, "wall_s": 0, "verdict": {"status": "not-run"}, "log_tail": "deadline"}
    os.makedirs(out_dir, exist_ok=True)
    cmd = [kfix, MODE[0] + "-kernelbench", "--problem", os.path.join(case_dir, "problem.py"),
           "--candidate", os.path.join(case_dir, "candidate.py"), "-o", out_dir,
           "--target", target] + extra
    env = dict(os.environ)
    # Each case builds its torch extensions in a folder of its own: candidates of
    # different cases often share a load_inline name, and concurrent jobs sharing
    # one folder import each other's builds.
    env["TORCH_EXTENSIONS_DIR"] = os.path.join(os.path.abspath(out_dir), "torch-extensions")
    if python:
        env["KFIX_PYTHON"] = python
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        rc, log = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        rc, log = 124, "timeout after %ds" % timeout
    with open(os.path.join(out_dir, "log.txt"), "w") as f:
        f.write(log)
    v = {}
    vp = os.path.join(out_dir, "verdict.json")
    if os.path.exists(vp) and rc != 124:
        try:
            v = json.load(open(vp))
        except ValueError:
            v = {}
    return {"rc": rc, "wall_s": round(time.time() - t0, 1), "verdict": v, "log_tail": log[-1500:]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", default=os.path.join(ROOT, "bench", "real", "cache"))
    ap.add_argument("--list", help="file of case ids (folder names relative to --cases)")
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--mode", default="run", choices=["run", "debug"],
                    help="debug: kfix debug-kernelbench (repair the failing kernel)")
    ap.add_argument("--all", action="store_true",
                    help="every listed case, not only single-file load_inline ones")
    ap.add_argument("--deadline", type=int, help="start no case after this many seconds")
    ap.add_argument("-o", "--output", default=os.path.join(ROOT, "bench", "real", "out"))
    ap.add_argument("--kfix", default=os.environ.get("KFIX_BIN") or os.path.join(ROOT, "build", "bin", "kfix"))
    ap.add_argument("--python", default=os.environ.get("KFIX_PYTHON"))
    ap.add_argument("extra", nargs="*", help="passed to kfix run-kernelbench (after --)")
    a = ap.parse_args()
    folders = sorted(d for d in os.listdir(a.cases)
                     if os.path.exists(os.path.join(a.cases, d, "meta.json")))
    by_id = {}
    for d in folders:
        try:
            by_id[json.load(open(os.path.join(a.cases, d, "meta.json"))).get("id")] = d
        except ValueError:
            pass
    if a.list:
        # one case id a line, then a tab or a `#` comment
        ids = [l.split("#")[0].split("\t")[0].strip() for l in open(a.list)
               if l.strip() and not l.startswith("#")]
    else:
        ids = folders
    cases = []
    for cid in ids:
        d = os.path.join(a.cases, by_id.get(cid, cid))
        if not os.path.exists(os.path.join(d, "meta.json")):
            print("missing case %s" % cid, file=sys.stderr)
            continue
        meta = json.load(open(os.path.join(d, "meta.json")))
        if not a.all and not meta.get("single_file_load_inline", True):
            continue
        cases.append((cid, d, meta))
    if a.limit:
        cases = cases[:a.limit]
    os.makedirs(a.output, exist_ok=True)
    MODE[0] = a.mode
    if a.deadline:
        DEADLINE[0] = time.time() + a.deadline
    results = {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = {ex.submit(run_case, d, os.path.join(a.output, os.path.basename(d)), a.target,
                          a.timeout, a.kfix, a.python, a.extra): (cid, meta)
                for cid, d, meta in cases}
        for f in cf.as_completed(futs):
            cid, meta = futs[f]
            r = f.result()
            if r["verdict"].get("status") == "not-run":
                continue
            r["recorded"] = meta.get("recorded", {})
            r["source"] = meta.get("source_repo")
            results[cid] = r
            v = r["verdict"]
            print("%-60s %-14s compiled=%s correct=%s  recorded compiled=%s correct=%s  %.0fs" % (
                cid[:60], v.get("status", "rc=%d" % r["rc"]), v.get("compiled"),
                v.get("correctness"), r["recorded"].get("compiled"),
                r["recorded"].get("correctness"), r["wall_s"]), flush=True)
    json.dump(results, open(os.path.join(a.output, "results.json"), "w"), indent=1)
    report = summarize(results, a.target)
    open(os.path.join(a.output, "summary.md"), "w").write(report)
    print(report)


def agree(v, rec):
    if rec.get("compiled") is False:
        return v.get("compiled") is False
    if rec.get("correctness") is None:
        return None
    return bool(v.get("compiled")) and bool(v.get("correctness")) == bool(rec["correctness"])


def summarize(results, target):
    n = len(results)
    ran = [r for r in results.values() if r["verdict"].get("status") == "ok"]
    ag = [agree(r["verdict"], r["recorded"]) for r in ran]
    ag_known = [x for x in ag if x is not None]
    by_src = collections.defaultdict(lambda: [0, 0, 0, 0])
    constructs = collections.Counter()
    for r in results.values():
        s = by_src[r.get("source")]
        s[0] += 1
        if r["verdict"].get("status") == "ok":
            s[1] += 1
            x = agree(r["verdict"], r["recorded"])
            if x is not None:
                s[2] += 1
                s[3] += int(x)
        else:
            err = r["verdict"].get("harness_error") or r["log_tail"].strip().splitlines()[-1:] or ["?"]
            if isinstance(err, list):
                err = err[0]
            constructs[str(err).splitlines()[0][:110]] += 1
    lines = ["# kfix harness on real candidates (%s target)" % target, "",
             "| | count | share |", "|---|---|---|",
             "| single-file load_inline cases | %d | |" % n,
             "| ran through the harness (a verdict) | %d | %.1f%% |" % (len(ran), 100.0 * len(ran) / max(n, 1)),
             "| verdict agrees with the recorded one | %d / %d | %.1f%% |" % (
                 sum(ag_known), len(ag_known), 100.0 * sum(ag_known) / max(len(ag_known), 1)),
             "", "| source | cases | ran | with a recorded verdict | agree |", "|---|---|---|---|---|"]
    for s, (c, r_, k, g) in sorted(by_src.items(), key=lambda x: str(x[0])):
        lines.append("| %s | %d | %d | %d | %d |" % (s, c, r_, k, g))
    if constructs:
        lines += ["", "Harness errors (first line):", ""]
        for e, c in constructs.most_common(30):
            lines.append("- %d x `%s`" % (c, e.replace("`", "'")))
    dstat = collections.Counter(r["verdict"].get("debug", {}).get("status") for r in results.values()
                                if r["verdict"].get("debug"))
    if dstat:
        lines += ["", "Debug outcomes:", ""]
        for k, c in dstat.most_common():
            lines.append("- %s: %d" % (k, c))
        for cid, r in sorted(results.items()):
            d = r["verdict"].get("debug") or {}
            if d.get("status") in ("repaired", "repaired-delivery-fails", "repair-rejected-by-model-check",
                                   "not-repaired"):
                lines.append("  - %s: %s (%s, %s)" % (cid, d["status"], d.get("kernel"),
                             (d.get("kfix_debug") or {}).get("stop_reason")))
    dis = [(cid, r) for cid, r in results.items() if r["verdict"].get("status") == "ok"
           and agree(r["verdict"], r["recorded"]) is False]
    if dis:
        lines += ["", "Disagreements:", ""]
        for cid, r in sorted(dis)[:40]:
            v = r["verdict"]
            why = v.get("runtime_error") or v.get("metadata", {}).get("correctness_issue") or \
                v.get("metadata", {}).get("compilation_error") or ""
            lines.append("- %s: harness compiled=%s correct=%s, recorded compiled=%s correct=%s; %s" % (
                cid, v.get("compiled"), v.get("correctness"), r["recorded"].get("compiled"),
                r["recorded"].get("correctness"), str(why)[:160].replace("\n", " ")))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
