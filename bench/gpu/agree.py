#!/usr/bin/env python3
"""CPU vs CUDA executor agreement: `kfix compare-executors` on every task
(common.collect_tasks; the fixed candidate where the task has one). Writes
$OUT/agree.md. KFIX_GPU_BENCH_TARGET=cpu: `kfix run --target cpu` instead (local
dry run of the plumbing)."""
import re
import sys

import common as C

LINE = re.compile(r"^(?P<size>.+?)\s+(?P<param>\S+)\s+(?P<m>\d+) of (?P<n>\d+) differ, "
                  r"max abs (?P<abs>\S+), max rel (?P<rel>\S+)\s*$")
ERROR = re.compile(r"^(?P<size>.+?): error: (?P<msg>.*)$")


def parse_compare(text):
    """compare-executors stdout -> {rows: [...], errors: [...], verdict}."""
    rows, errors, verdict = [], [], None
    for line in text.splitlines():
        line = line.rstrip()
        if line in ("AGREE", "DIFFER"):
            verdict = line
            continue
        m = LINE.match(line)
        if m:
            rows.append({"size": m["size"].strip(), "param": m["param"], "mismatches": int(m["m"]),
                         "numel": int(m["n"]), "max_abs": float(m["abs"]),
                         "max_rel": float(m["rel"])})
            continue
        m = ERROR.match(line)
        if m:
            errors.append({"size": m["size"].strip(), "message": m["msg"]})
    return {"rows": rows, "errors": errors, "verdict": verdict}


def one(t):
    cand = ["--candidate", t["fixed"]] if t["fixed"] else []
    if C.cpu_mode():
        r = C.run([C.kfix(), "run", t["task"], "--target", "cpu"] + cand, timeout=300)
        verdict = "PASS" if r["rc"] == 0 else "FAIL" if r["rc"] == 1 else "ERROR"
        return {"task": t, "r": r, "parsed": {"rows": [], "errors": [], "verdict": verdict}}
    r = C.run([C.kfix(), "compare-executors", t["task"]] + cand, timeout=300)
    return {"task": t, "r": r, "parsed": parse_compare(r["out"])}


def main():
    tasks = C.collect_tasks()
    rep = C.Report("agree.md", "CPU executor vs CUDA executor",
                   "`kfix compare-executors TASK [--candidate FIXED]`: the same inputs (seed 0 "
                   "of every size) through both executors, outputs compared element for "
                   "element with the task's tolerance." +
                   (" **Dry run: kfix run --target cpu (no GPU).**" if C.cpu_mode() else ""))
    sec = rep.table("Per task", ["task", "candidate", "sizes", "outputs compared",
                                 "mismatches", "max abs diff", "max rel diff", "agree?", "s",
                                 "note"])
    summary = {"agree": 0, "differ": 0, "error": 0}
    rep.data["tasks"] = []
    rep.write()
    for res in C.parallel(one, tasks):
        if "exception" in res:
            summary["error"] += 1
            rep.add(sec, ["?", "", "", "", "", "", "", "ERROR", "", res["exception"]])
            continue
        t, r, p = res["task"], res["r"], res["parsed"]
        rows = p["rows"]
        sizes = len({x["size"] for x in rows} | {e["size"] for e in p["errors"]})
        verdict = p["verdict"] or ("TIMEOUT" if r["timed_out"] else "ERROR")
        if C.cpu_mode():
            verdict = {"PASS": "cpu-pass", "FAIL": "cpu-fail"}.get(verdict, verdict)
        key = ("agree" if verdict in ("AGREE", "cpu-pass") else
               "differ" if verdict in ("DIFFER", "cpu-fail") else "error")
        summary[key] += 1
        note = "; ".join(e["size"] + ": " + e["message"] for e in p["errors"])[:200]
        if key == "error" and not note:
            note = C.last_line(r)
        rep.add(sec, [t["id"], "fixed" if t["fixed"] else "source", sizes or t["sizes"],
                      len(rows), sum(x["mismatches"] for x in rows),
                      max((x["max_abs"] for x in rows), default=None),
                      max((x["max_rel"] for x in rows), default=None), verdict,
                      r["ms"] / 1e3, note])
        rep.data["tasks"].append({"id": t["id"], "verdict": verdict, "rows": rows,
                                  "errors": p["errors"], "rc": r["rc"]})
    rep.data["summary"] = summary
    tot = rep.table("Summary", ["tasks", "agree", "differ", "error"])
    rep.add(tot, [len(tasks), summary["agree"], summary["differ"], summary["error"]])
    print("agree: %d tasks, %d agree, %d differ, %d error -> %s" % (
        len(tasks), summary["agree"], summary["differ"], summary["error"], rep.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
