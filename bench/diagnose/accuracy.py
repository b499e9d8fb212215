#!/usr/bin/env python3
"""Diagnosis accuracy over near-miss tasks with known bugs.

For every task directory given (a task.json + the buggy source + the fixed
version: fixed.cu or after.cu), runs `kfix diagnose` and `kfix kb search` and
checks:
  * class:    the bug class of the top-ranked KB entry is one of the task's
              known bug classes ("kfix_bench": {"bugs": [...]} in task.json, or
              the KB entry id that owns a kb/examples/<id>/ task)
  * top3:     the right KB entry / class is among the three best ranked
  * location: some site the diagnosis points at is within 2 lines of a line
              that the fix changes (the diff between the buggy and fixed source)
and, with --clean, that the fixed version yields no findings and no faults.
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
    ap.add_argument("tasks", nargs="+")
    args = ap.parse_args()
    classes = kb_classes(args.kfix, args.kb)
    rows = []
    totals = {"tasks": 0, "class": 0, "top3": 0, "location": 0, "clean": 0, "clean_checked": 0}
    for task_dir in args.tasks:
        tj = os.path.join(task_dir, "task.json")
        if not os.path.exists(tj):
            continue
        task = json.load(open(tj))
        src = os.path.join(task_dir, task["source"])
        fixed = next((os.path.join(task_dir, f) for f in ("fixed.cu", "after.cu")
                      if os.path.exists(os.path.join(task_dir, f))), None)
        meta = task.get("kfix_bench", {})
        want = set(meta.get("bugs", []))
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
        sites = sig.get("sites", [])
        fix_lines = changed_lines(src, fixed) if fixed else set()
        base = os.path.basename(src)
        site_lines = set()
        for s in sites:
            mm = re.match(r"(.*):(\d+):(\d+)$", s)
            if mm and os.path.basename(mm.group(1)) == base:
                site_lines.add(int(mm.group(2)))
        ok_loc = any(abs(a - b) <= 2 for a in site_lines for b in fix_lines)
        clean = ""
        if args.clean and fixed:
            with tempfile.TemporaryDirectory() as tmp:
                r = subprocess.run([args.kfix, "diagnose", tj, "--candidate", fixed, "--target",
                                    args.target, "-o", tmp], capture_output=True, text=True,
                                   timeout=600)
                rep2 = os.path.join(tmp, "report.json")
                if os.path.exists(rep2):
                    s2 = json.load(open(rep2)).get("signature", {})
                    n = len(s2.get("findings", [])) + len(s2.get("faults", []))
                    clean = "yes" if n == 0 and r.returncode == 0 else f"no ({n})"
                    totals["clean_checked"] += 1
                    totals["clean"] += clean == "yes"
        totals["tasks"] += 1
        totals["class"] += ok_class
        totals["top3"] += ok_top3
        totals["location"] += ok_loc
        rows.append((os.path.relpath(task_dir), ",".join(sorted(want)), top_ids[0] if top_ids else "-",
                     "yes" if ok_class else "no", "yes" if ok_top3 else "no",
                     "yes" if ok_loc else "no", clean))
    print("| task | known bug classes | top-1 KB entry | class | top-3 | location | fixed clean |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")
    n = max(totals["tasks"], 1)
    print()
    print(f"tasks: {totals['tasks']}; right class (top-1): {totals['class']} ({100*totals['class']/n:.0f}%); "
          f"right class in top 3: {totals['top3']} ({100*totals['top3']/n:.0f}%); "
          f"right location: {totals['location']} ({100*totals['location']/n:.0f}%)")
    if totals["clean_checked"]:
        print(f"fixed versions without findings: {totals['clean']} of {totals['clean_checked']}")


if __name__ == "__main__":
    sys.exit(main())
