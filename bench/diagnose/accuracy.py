#!/usr/bin/env python3
"""Diagnosis accuracy over near-miss tasks with known bugs.

For every task directory given (a task.json + the buggy source + the fixed
version: fixed.cu or after.cu), runs `kfix diagnose` and `kfix kb search` and
checks:
  * class:    the bug class of the top-ranked KB entry is one of the task's
              known bug classes ("kfix_bench": {"bugs": [...]} in task.json, or
              the KB entry id that owns a kb/examples/<id>/ task)
  * top3:     the right KB entry / class is among the three best ranked
  * location: some site an instrumentation finding or fault points at is
              within 2 lines of a line that the fix changes (the diff between
              the buggy and fixed source)
  * suspects: one of the three best-ranked suspect sites (signature
              "suspects[]") is within 2 lines of a changed line
  * either:   location or suspects; "class+loc" = right top-1 class and either
and, with --clean, that the fixed version yields no findings, no faults and no
suspects. NM-bench tasks (bench/tasks) name their bugs with the benchmark's
ids; BENCH_TO_KB maps those to KB bug classes (a task whose bugs have no KB
class is skipped and listed).
Prints a Markdown table and the totals. Python standard library only.
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile


# NM-bench bug ids (bench/tasks/README.md) -> KB bug classes (kb/*.yaml).
BENCH_TO_KB = {
    "tail-guard": "bounds-tail",
    "off-by-one": ("loop-bound", "off-by-one"),
    "missing-sync": "sync-missing-barrier",
    "missing-sync-reuse": "sync-reuse-barrier",
    "reduction-identity": "reduction-identity",
    "reduction-tree-pow2": "reduction-tree",
    "shfl-xor-down": "warp-shuffle-direction",
    "shfl-mask": "warp-shuffle-mask",
    "grid-stride-increment": "indexing-grid-stride",
    "lowp-accumulation": "precision-accumulation",
    "eps-placement": "numerics-epsilon",
    "variance-bias": "numerics-variance",
    "int-division": "arithmetic-int-division",
    "uninit-shared-accum": "uninit-shared",
    "wrong-thread-dim": "indexing-thread-dim",
    "swapped-operands": "arithmetic-operand-order",
    "shfl-offsets": "shfl-offsets",
    "softmax-no-max": "softmax-no-max",
    "wrong-stride": "indexing-layout",
    "tile-size-mismatch": ("tile-size", "shared-memory-size"),
    "index-overflow-32": "index-overflow-32",
}


def loc_lines(locs, base):
    out = set()
    for s in locs:
        mm = re.match(r"(.*):(\d+):(\d+)$", s)
        if mm and os.path.basename(mm.group(1)) == base:
            out.add(int(mm.group(2)))
    return out


def near(a_lines, b_lines):
    return any(abs(a - b) <= 2 for a in a_lines for b in b_lines)


def changed_lines(buggy, fixed):
    a = open(buggy).read().splitlines()
    b = open(fixed).read().splitlines()
    lines = set()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
        if tag == "equal":
            continue
        # Lines of the buggy source around the change (1-based).
        for ln in range(i1, max(i2, i1 + 1)):
            lines.add(ln + 1)
    return lines


def kb_classes(kfix, kbdir):
    out = subprocess.run([kfix, "kb", "list", "--kb", kbdir], capture_output=True, text=True).stdout
    classes = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            classes[parts[0]] = parts[1]
    return classes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kfix", default="build/bin/kfix")
    ap.add_argument("--kb", default="kb")
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--clean", action="store_true", help="also diagnose the fixed versions")
    ap.add_argument("--single-bug", action="store_true", help="only tasks with one known bug")
    ap.add_argument("tasks", nargs="+")
    args = ap.parse_args()
    classes = kb_classes(args.kfix, args.kb)
    rows = []
    totals = {"tasks": 0, "class": 0, "top3": 0, "location": 0, "suspects": 0, "either": 0,
              "class_loc": 0, "clean": 0, "clean_checked": 0}
    skipped = []
    for task_dir in args.tasks:
        tj = os.path.join(task_dir, "task.json")
        if not os.path.exists(tj):
            continue
        task = json.load(open(tj))
        src = os.path.join(task_dir, task["source"])
        fixed = next((os.path.join(task_dir, f) for f in ("fixed.cu", "after.cu")
                      if os.path.exists(os.path.join(task_dir, f))), None)
        meta = task.get("kfix_bench", {})
        bugs = meta.get("bugs", [])
        if args.single_bug and len(bugs) > 1:
            continue
        if any(b not in BENCH_TO_KB for b in bugs):
            skipped.append(task_dir)
            continue
        want = set()
        for b in bugs:
            v = BENCH_TO_KB[b]
            want.update(v if isinstance(v, tuple) else (v,))
        kb_id = None
        m = re.search(r"kb/examples/([^/]+)/?$", os.path.abspath(task_dir))
        if m:
            kb_id = m.group(1)
            if kb_id in classes:
                want.add(classes[kb_id])
        if not want:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([args.kfix, "diagnose", tj, "--target", args.target, "-o", tmp],
                           capture_output=True, text=True, timeout=600)
            rep = os.path.join(tmp, "report.json")
            if not os.path.exists(rep):
                rows.append((task_dir, "error", "", "", ""))
                totals["tasks"] += 1
                continue
            report = json.load(open(rep))
            ranked = json.loads(subprocess.run(
                [args.kfix, "kb", "search", "--kb", args.kb, "--signature", rep, "--kernel", src,
                 "--json", "-k", "3"], capture_output=True, text=True).stdout or "[]")
        sig = report.get("signature", {})
        top_ids = [r["id"] for r in ranked]
        top_classes = [classes.get(i, "?") for i in top_ids]
        ok_class = bool(top_classes) and (top_classes[0] in want or top_ids[0] == kb_id)
        ok_top3 = any(c in want for c in top_classes) or (kb_id in top_ids)
        fix_lines = changed_lines(src, fixed) if fixed else set()
        base = os.path.basename(src)
        instr = []
        for f in sig.get("findings", []):
            instr += [x.get("loc", "") for x in f.get("sites", [])]
        for f in sig.get("faults", []):
            instr += re.findall(r"[A-Za-z0-9_./+-]+\.(?:cu|cuh|h):\d+:\d+", f.get("message", ""))
        ok_loc = near(loc_lines(instr, base), fix_lines)
        suspects = sig.get("suspects", [])
        ok_sus = near(loc_lines([x["loc"] for x in suspects[:3]], base), fix_lines)
        ok_either = ok_loc or ok_sus
        clean = ""
        if args.clean and fixed:
            with tempfile.TemporaryDirectory() as tmp:
                r = subprocess.run([args.kfix, "diagnose", tj, "--candidate", fixed, "--target",
                                    args.target, "-o", tmp], capture_output=True, text=True,
                                   timeout=600)
                rep2 = os.path.join(tmp, "report.json")
                if os.path.exists(rep2):
                    s2 = json.load(open(rep2)).get("signature", {})
                    n = (len(s2.get("findings", [])) + len(s2.get("faults", [])) +
                         len(s2.get("suspects", [])))
                    clean = "yes" if n == 0 and r.returncode == 0 else f"no ({n})"
                    totals["clean_checked"] += 1
                    totals["clean"] += clean == "yes"
        totals["tasks"] += 1
        totals["class"] += ok_class
        totals["top3"] += ok_top3
        totals["location"] += ok_loc
        totals["suspects"] += ok_sus
        totals["either"] += ok_either
        totals["class_loc"] += ok_class and ok_either
        yn = lambda b: "yes" if b else "no"
        top_s = suspects[0] if suspects else None
        top_desc = (f"{top_s['line']} {top_s.get('kind') or top_s['op']}" if top_s else "-")
        rows.append((os.path.relpath(task_dir), ",".join(sorted(want)), top_ids[0] if top_ids else "-",
                     yn(ok_class), yn(ok_top3), yn(ok_loc), yn(ok_sus), top_desc,
                     ",".join(str(x) for x in sorted(fix_lines)), clean))
    print("| task | known bug classes | top-1 KB entry | class | top-3 | location (findings) "
          "| suspects top-3 | top suspect (line kind) | fix lines | fixed clean |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")
    n = max(totals["tasks"], 1)
    print()
    print(f"tasks: {totals['tasks']}; right class (top-1): {totals['class']} ({100*totals['class']/n:.0f}%); "
          f"right class in top 3: {totals['top3']} ({100*totals['top3']/n:.0f}%); "
          f"location from findings: {totals['location']} ({100*totals['location']/n:.0f}%); "
          f"suspect in top 3: {totals['suspects']} ({100*totals['suspects']/n:.0f}%); "
          f"either: {totals['either']} ({100*totals['either']/n:.0f}%); "
          f"right class and location: {totals['class_loc']} ({100*totals['class_loc']/n:.0f}%)")
    if skipped:
        print(f"skipped (bug classes without a KB class): {len(skipped)}: " +
              " ".join(os.path.basename(os.path.normpath(t)) for t in skipped))
    if totals["clean_checked"]:
        print(f"fixed versions without findings, faults or suspects: {totals['clean']} of "
              f"{totals['clean_checked']}")


if __name__ == "__main__":
    sys.exit(main())
