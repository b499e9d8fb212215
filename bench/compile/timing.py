#!/usr/bin/env python3
"""Compile latency of the softmax kernel: kfix-opt --kfix-lower-to-nvvm on the
lifted softmax.mlir vs nvcc -ptx on softmax.cu (same kernel), N runs each after
2 warm-ups; prints median and min wall-clock milliseconds. Usage:
  timing.py <dir with kfix-opt> [N]"""
import os, shutil, statistics, subprocess, sys, time

kbin = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
here = os.path.dirname(os.path.abspath(__file__))
nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
kopt = os.path.join(kbin, "kfix-opt")
cases = [
    ("kfix-opt --kfix-lower-to-nvvm (libdevice linked)",
     f"{kopt} {here}/softmax.mlir --kfix-lower-to-nvvm -o /tmp/k1.mlir"),
    ("kfix-opt --kfix-lower-to-nvvm=libdevice=none",
     f"{kopt} {here}/softmax.mlir --kfix-lower-to-nvvm=libdevice=none -o /tmp/k2.mlir"),
    ("nvcc -ptx -arch=sm_90",
     f"{nvcc} -ptx -arch=sm_90 {here}/softmax.cu -o /tmp/n1.ptx"),
    ("nvcc -cubin -arch=sm_90",
     f"{nvcc} -cubin -arch=sm_90 {here}/softmax.cu -o /tmp/n1.cubin"),
]
res = {}
for name, cmd in cases:
    for _ in range(2):
        subprocess.run(cmd, shell=True, check=True)
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run(cmd, shell=True, check=True)
        ts.append((time.perf_counter() - t) * 1000)
    res[name] = statistics.median(ts)
    print(f"{name:55s} median {statistics.median(ts):8.1f} ms  min {min(ts):8.1f} ms  (n={n})",
          flush=True)
k = res[cases[0][0]]
print(f"speedup nvcc -ptx / kfix-opt (libdevice): {res[cases[2][0]] / k:.1f}x", flush=True)
print(f"speedup nvcc -ptx / kfix-opt (no libdevice): {res[cases[2][0]] / res[cases[1][0]]:.1f}x",
      flush=True)
