#!/usr/bin/env python3
"""Rebuilds the kernel-cost table of a sanitizer.md (bench/gpu/sanitizer.py) from its raw
data, taking the sanitized kernel times from the recorded tool output where the run's JSON
reader missed them (before common.json_out read a pretty-printed object between
compute-sanitizer's banner and summary, every sanitized time was lost that way although
the output was recorded). Prints Markdown.

  bench/gpu/sanitizer_cost.py bench/results/gpu-sanitizer.md
"""
import json
import re
import statistics
import sys

MS = re.compile(r'"kernel_ms":\s*([0-9.eE+-]+)')


def raw_data(path):
    text = open(path).read()
    start = text.index("```json") + len("```json")
    return json.loads(text[start:text.index("```", start)])


def from_tail(errors, tool):
    for e in errors:
        if e.startswith(tool + ":"):
            found = MS.findall(e)
            if found:
                return float(found[-1])
    return None


def main():
    data = raw_data(sys.argv[1])
    rows, over, slow = [], [], {"racecheck": [], "memcheck": []}
    for t in data["tasks"]:
        if "kernel_ms" not in t:
            continue
        kp, ki = t["kernel_ms"], t["kernel_ms_instrumented"]
        row = [t["id"], kp, ki]
        if kp and ki:
            over.append(ki / kp)
            row.append("%.2fx" % (ki / kp))
        else:
            row.append("n/a")
        for tool in ("racecheck", "memcheck"):
            k = (t.get("kernel_ms_sanitized") or {}).get(tool)
            if k is None:
                k = from_tail(t.get("timing_errors", []), tool)
            if k and kp:
                slow[tool].append(k / kp)
                row += [k, "%.0fx" % (k / kp)]
            else:
                row += ["n/a", "n/a"]
        rows.append(row)
    print("| task | kernel ms plain | kfix bounds,races ms | kfix overhead | racecheck ms | "
          "racecheck slowdown | memcheck ms | memcheck slowdown |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join("%.4g" % x if isinstance(x, float) else str(x) for x in r) + " |")
    med = lambda xs, f: f % statistics.median(xs) if xs else "n/a"
    print()
    print("| tasks | median kfix overhead | median racecheck slowdown | median memcheck slowdown |")
    print("|---|---|---|---|")
    print("| %d | %s | %s | %s |" % (len(rows), med(over, "%.2fx"), med(slow["racecheck"], "%.0fx"),
                                    med(slow["memcheck"], "%.1fx")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
