#!/usr/bin/env python3
"""Writes the inputs that crashed (or hung) a fuzz target before its fix into
OUTDIR/<target>/ (docs/fuzzing.md, "Crashes found and fixed"). Large ones are
generated here rather than kept as files; the small fuzzer-found ones are kept
under test/Fuzz/Inputs/<target>/ and copied."""
import os
import shutil
import sys

out = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
inputs = {
    "expr": {
        "deep-parens": "(" * 20000 + "N" + ")" * 20000,
        "deep-minus": "-" * 100000 + "N",
        "long-chain": "N" + "+N" * 100000,
    },
    "manifest": {"deep-array": "[" * 100000},
    "action": {
        "many-braces": "{" * 60000,
        "deep-array": '{"action": ' + "[" * 50000 + "]" * 50000 + "}",
    },
    "kb": {"deep-flow": "[" * 20000, "deep-flow-80k": "[" * 80000},
    "cuda": {
        "deep-parens": "__global__ void k(float *p) { float x = " + "(" * 3000 + "1" + ")" * 3000 + "; p[0] = x; }",
        "long-sum": "__global__ void k(float *p) { float x = 1" + "+1" * 150000 + "; p[0] = x; }",
    },
}
for target, files in inputs.items():
    os.makedirs(os.path.join(out, target), exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(out, target, name), "w") as f:
            f.write(text)
    kept = os.path.join(here, target)
    if os.path.isdir(kept):
        for name in os.listdir(kept):
            shutil.copy(os.path.join(kept, name), os.path.join(out, target, name))
