#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target from files of the kfix checkout.

    fuzz/make-corpus.py TARGET OUTDIR [--max N]

TARGET is expr, manifest, npy, action, patch, kb or cuda (docs/fuzzing.md).
Seeds are derived at run time, never committed: task manifests and the size
expressions inside them (bench/tasks, examples, test), .npy files written here
in every dtype and header version, LLM action replies built around the schema
of the action target, kernel/fix pairs of bench/tasks turned into unified
diffs, kb/*.yaml, and every .cu kernel of bench/tasks, examples, kb/examples
and test/. --max keeps a deterministic, evenly spread subset (smoke runs)."""
import argparse
import difflib
import hashlib
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {".git", "build", "build-fuzz", "build-portable", "node_modules", "__pycache__"}


def walk(*subdirs, suffix=None, name=None):
    out = []
    for sub in subdirs:
        top = os.path.join(ROOT, sub)
        for d, dirs, files in os.walk(top):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("Output"))
            for f in sorted(files):
                if (suffix and f.endswith(suffix)) or (name and f == name):
                    out.append(os.path.join(d, f))
    return out


def read(p):
    with open(p, "rb") as f:
        return f.read()


def task_files():
    out = []
    for p in walk("bench/tasks", "examples", "test", "kb", suffix=".json"):
        try:
            j = json.loads(read(p))
        except Exception:
            continue
        if isinstance(j, dict) and "kfix_task" in j:
            out.append((p, j))
    return out


def seeds_manifest():
    return [read(p) for p, _ in task_files()]


def seeds_expr():
    exprs = set()

    def visit(v, key=""):
        if isinstance(v, dict):
            for k, x in v.items():
                visit(x, k)
        elif isinstance(v, list):
            for x in v:
                visit(x, key)
        elif isinstance(v, str) and key in ("shape", "grid", "block", "value", "shared_bytes",
                                            "a", "b", "mean", "std", "low", "high"):
            exprs.add(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and key in ("shape", "grid", "block", "value"):
            exprs.add(json.dumps(v))

    for _, j in task_files():
        visit(j)
    exprs.update(["ceildiv(N, 256)", "min(R, 1024) * max(C, 1)", "-(N % 7) / 2", "0.5 * D + 1e-3",
                  "((((N))))", "N / 0", "9223372036854775807 + 1", "-9223372036854775807 - 1",
                  "(-9223372036854775807 - 1) / -1", "(-9223372036854775807 - 1) % -1", "1e308 * 1e308"])
    return [e.encode() for e in sorted(exprs)]


def npy_bytes(descr, shape, payload, version=1, fortran=False, extra=""):
    shape_s = "(" + "".join(f"{d}, " if len(shape) == 1 else f"{d}, " for d in shape).rstrip(", ")
    shape_s += ",)" if len(shape) == 1 else ")"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, %s}" % (
        descr, "True" if fortran else "False", shape_s, extra)
    lenfmt = "<H" if version == 1 else "<I"
    pre = 10 if version == 1 else 12
    pad = (64 - (pre + len(header) + 1) % 64) % 64
    header = header + " " * pad + "\n"
    return b"\x93NUMPY" + bytes([version, 0]) + struct.pack(lenfmt, len(header)) + header.encode() + payload


def seeds_npy():
    out = [read(p) for p in walk("bench", "examples", "test", suffix=".npy")]
    dtypes = [("<f4", 4), ("<f8", 8), ("<f2", 2), ("<i8", 8), ("<i4", 4), ("<i2", 2), ("|i1", 1),
              ("<u8", 8), ("<u4", 4), ("<u2", 2), ("|u1", 1), ("|b1", 1), (">f4", 4), ("<c8", 8)]
    for descr, size in dtypes:
        for shape in [(), (3,), (2, 3), (1, 2, 2), (0,), (4, 0, 2)]:
            n = 1
            for d in shape:
                n *= d
            payload = bytes((i * 37 + 11) & 0xFF for i in range(n * size))
            out.append(npy_bytes(descr, shape, payload))
    out.append(npy_bytes("<f4", (2, 2), bytes(16), version=2))
    out.append(npy_bytes("<f4", (2, 2), bytes(16), version=3))
    out.append(npy_bytes("<f4", (2, 3), bytes(24), fortran=True))
    out.append(npy_bytes("<f4", (4,), bytes(8)))  # truncated payload
    return out


def seeds_action():
    replies = [
        {"action": "apply_pass", "pass": "kfix-repair-bounds-guard", "options": {"site": "kernel.cu:3:5"},
         "rationale": "the tail is unguarded"},
        {"action": "apply_pass", "pass": "kfix-repair-edit",
         "options": {"loc": "kernel.cu:7:12", "kind": "op", "operand": 1, "with": "arith.subi"}},
        {"action": "apply_pass", "pass": "kfix-repair-accumulate",
         "options": {"wide": True, "scale": 0.5, "count": -3}},
        {"action": "apply_pass", "pass": "kfix-repair-sync"},
        {"action": "patch", "diff": "--- a/kernel.cu\n+++ b/kernel.cu\n@@ -1,1 +1,1 @@\n-a\n+b\n",
         "rationale": "fix"},
        {"action": "give_up", "reason": "cannot tell"},
    ]
    out = []
    for r in replies:
        s = json.dumps(r)
        out.append(s.encode())
        out.append(("Here is my answer:\n```json\n" + json.dumps(r, indent=2) + "\n```\n").encode())
    schema = {"passes": [{"name": "kfix-repair-x", "description": "d",
                          "options": [{"name": "n", "type": "int", "min": 1, "max": 9, "required": True},
                                      {"name": "m", "type": "enum", "enum": ["a", "b"]},
                                      {"name": "f", "type": "float"}, {"name": "b", "type": "bool"}]}],
              "allow_patch": False, "allow_give_up": True}
    out.append((json.dumps(schema) + "\n----\n" +
                json.dumps({"action": "apply_pass", "pass": "kfix-repair-x",
                            "options": {"n": 3, "m": "b", "f": 1e-3, "b": False}})).encode())
    # Replies of the LLM tests' scripted server.
    for p in walk("test/LLM", suffix=".json"):
        out.append(read(p))
    return out


def seeds_patch():
    out = []
    for d in sorted(os.listdir(os.path.join(ROOT, "bench/tasks"))) + ["../../examples/near-miss/gelu-tail"]:
        k = os.path.join(ROOT, "bench/tasks", d, "kernel.cu")
        f = os.path.join(ROOT, "bench/tasks", d, "fixed.cu")
        if not (os.path.exists(k) and os.path.exists(f)):
            continue
        a = read(k).decode("utf-8", "replace")
        b = read(f).decode("utf-8", "replace")
        diff = "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True),
                                            "a/kernel.cu", "b/kernel.cu", n=2))
        if diff:
            out.append((a + "=====\n" + diff).encode())
    for p in walk("bench/results", suffix=".diff"):
        out.append(read(p))
    return out


def seeds_kb():
    return [read(p) for p in walk("kb", suffix=".yaml")]


def seeds_cuda():
    out = []
    for p in walk("bench/tasks", "examples", "kb/examples", "test", suffix=".cu"):
        b = read(p)
        if len(b) <= 16384:
            out.append(b)
    return out


TARGETS = {"expr": seeds_expr, "manifest": seeds_manifest, "npy": seeds_npy, "action": seeds_action,
           "patch": seeds_patch, "kb": seeds_kb, "cuda": seeds_cuda}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("target", choices=sorted(TARGETS))
    ap.add_argument("outdir")
    ap.add_argument("--max", type=int, default=0, help="keep at most N seeds (evenly spread)")
    args = ap.parse_args()
    seeds = []
    seen = set()
    for s in TARGETS[args.target]():
        h = hashlib.sha1(s).hexdigest()
        if h not in seen:
            seen.add(h)
            seeds.append((h, s))
    if args.max and len(seeds) > args.max:
        step = len(seeds) / args.max
        seeds = [seeds[int(i * step)] for i in range(args.max)]
    os.makedirs(args.outdir, exist_ok=True)
    for h, s in seeds:
        with open(os.path.join(args.outdir, h), "wb") as f:
            f.write(s)
    print(f"{args.target}: {len(seeds)} seeds in {args.outdir}")


if __name__ == "__main__":
    main()
