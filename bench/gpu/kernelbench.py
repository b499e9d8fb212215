#!/usr/bin/env python3
"""KernelBench round trip on the GPU: a failed candidate -> `kfix import-kernelbench`
(the harness: the candidate runs in real torch, the launch that wrote its output is
captured as a task) -> `kfix debug --target cuda` -> `kfix export-kernelbench` -> the
exported module loaded with torch's load_inline (kb_check.py) and compared with the
problem's Model on fresh seeds, at the problem's size and at a held-out odd size.
Writes $OUT/kernelbench.md. Cases: $KB_CASES (comma list of NAME: one of PAIRS
below, from test/PyHarness/Inputs, or a blind-corpus case id such as
set7-12-softmax_shared_reduce), default relu,conv_fused. `kfix debug-kernelbench`
does the same inside the live harness (docs/harness.md)."""
import os
import sys

import common as C

CHECK = os.path.join(C.ROOT, "bench", "gpu", "kb_check.py")
INPUTS = os.path.join(C.ROOT, "test", "PyHarness", "Inputs")
PAIRS = {"relu": ("relu_problem.py", "relu_offbyone.py"),
         "conv_fused": ("conv_fused_problem.py", "conv_fused_bug.py"),
         "rowsum": ("rowsum_problem.py", "rowsum_race.py")}


def find_case(name):
    # A blind-corpus case id (`set7-12-softmax_shared_reduce`): its cases.json.
    blind = os.path.join(C.ROOT, "bench", "kernelbench-blind")
    cases = os.path.join(blind, name.split("-")[0], "cases.json")
    if os.path.exists(cases):
        import json
        for c in json.load(open(cases))["cases"]:
            if c["id"] == name:
                return os.path.join(blind, c["problem"]), os.path.join(blind, c["candidate"])
    if name in PAIRS:
        return tuple(os.path.join(INPUTS, f) for f in PAIRS[name])
    return None, None


def check(problem, module, tag, work):
    r = C.run([sys.executable, CHECK, problem, module], timeout=600,
              env={"TORCH_EXTENSIONS_DIR": os.path.join(work, "ext-" + tag)})
    j = C.json_out(r)
    return j if j else {"error": C.last_line(r)}


def main():
    target = C.target()
    cases = os.environ.get("KB_CASES", "relu,conv_fused").split(",")
    work = C.work_dir("kernelbench")
    rep = C.Report("kernelbench.md", "KernelBench round trip on the GPU",
                   "import-kernelbench -> debug --target %s -> export-kernelbench -> "
                   "load_inline + comparison with Model (bench/gpu/kb_check.py: seeds 1-3, "
                   "KernelBench's fp32 tolerance atol = rtol = 1e-2 and a strict 1e-4)." %
                   target)
    steps = rep.table("Steps", ["case", "import", "debug verdict", "debug s", "export"])
    res = rep.table("torch check", ["case", "module", "size", "seeds", "max abs err",
                                    "pass @1e-2", "pass @1e-4", "note"])
    rep.data["cases"] = {}
    rep.write()
    for name in filter(None, (c.strip() for c in cases)):
        problem, cand = find_case(name)
        if not problem:
            rep.add(steps, [name, "inputs not found", "", "", ""])
            continue
        tdir = os.path.join(work, name, "task")
        imp = C.run([C.kfix(), "import-kernelbench", "--problem", problem, "--candidate", cand,
                     "-o", tdir, "--target", target], timeout=1200)
        if imp["rc"] != 0:
            rep.add(steps, [name, "failed: " + C.last_line(imp), "", "", ""])
            continue
        dbg = os.path.join(work, name, "debug")
        d = C.run([C.kfix(), "debug", os.path.join(tdir, "task.json"), "-o", dbg, "--target",
                   target, "--quiet"], timeout=300)
        verdict = (d["out"].strip().splitlines() or [C.last_line(d)])[-1]
        repaired = os.path.join(dbg, "repaired.cu")
        fixed = os.path.join(work, name, name + "_fixed.py")
        if os.path.exists(repaired):
            e = C.run([C.kfix(), "export-kernelbench", "--candidate", cand, "--repaired",
                       repaired, "-o", fixed], timeout=60)
            export = "ok" if e["rc"] == 0 else "failed: " + C.last_line(e)
        else:
            export = "no repaired.cu"
        rep.add(steps, [name, "ok", verdict, d["ms"] / 1e3, export])
        rep.data["cases"][name] = {"debug": verdict}
        mods = [("original", cand)]
        if export == "ok":
            mods.append(("repaired", fixed))
        for tag, mod in mods:
            j = check(problem, mod, name + "-" + tag, work)
            rep.data["cases"][name][tag] = j
            if "error" in j:
                rep.add(res, [name, tag, "", "", "", "", "", j["error"]])
                continue
            for s in j.get("sizes", []):
                rep.add(res, [name, tag, s["size"], s["seeds"], s["max_abs"],
                              s["pass_1e-2"], s["pass_1e-4"], s.get("note", "")])
    print("kernelbench -> %s" % rep.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
