#!/usr/bin/env python3
"""Lifts every test/Frontend/corpus/*.cu with kfix-translate --import-cuda, re-parses and
verifies the result with kfix-opt, and prints one line per kernel file and a summary."""
import glob
import os
import subprocess
import sys

corpus = sys.argv[1]
files = sorted(glob.glob(os.path.join(corpus, "*.cu")))
failed = 0
for f in files:
    name = os.path.basename(f)
    lift = subprocess.run(["kfix-translate", "--import-cuda", f], capture_output=True, text=True)
    if lift.returncode != 0 or "gpu.func" not in lift.stdout:
        failed += 1
        print(f"FAIL lift {name}: {lift.stderr.strip()}")
        continue
    opt = subprocess.run(["kfix-opt"], input=lift.stdout, capture_output=True, text=True)
    if opt.returncode != 0:
        failed += 1
        print(f"FAIL verify {name}: {opt.stderr.strip()}")
        continue
    print(f"OK {name} {lift.stdout.count(' kernel attributes')}")
print(f"lifted {len(files) - failed} of {len(files)}, failed: {failed}")
sys.exit(1 if failed else 0)
