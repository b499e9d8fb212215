#!/usr/bin/env python3
"""NVRTC (through cupy) turnaround for one .cu file holding an axpy-like kernel
`K(const float *x, float *y, float a, int n)`: prints one JSON object.

  cold_ms: a source cupy has never seen (a unique comment appended; fresh
           CUPY_CACHE_DIR): RawModule compile + load + launch on 1M + 3 floats +
           copy back + check against numpy.
  warm_ms: the same source again (cupy's in-memory and disk caches hit).
  nvrtc_compile_ms: cupy.cuda.compiler.compile_using_nvrtc alone (PTX, no load).
Needs cupy and numpy (device machine only)."""
import json
import os
import re
import sys
import tempfile
import time


def main():
    path, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
    os.environ.setdefault("CUPY_CACHE_DIR", tempfile.mkdtemp(prefix="cupy-cache-"))
    try:
        import cupy as cp
        import numpy as np
    except ImportError as e:
        print(json.dumps({"error": "cupy/numpy not importable: %s" % e}))
        return 0
    src = open(path).read()
    m = re.search(r"__global__\s+void\s+(\w+)", src)
    if not m:
        print(json.dumps({"error": "no __global__ kernel in " + path}))
        return 0
    name = m.group(1)
    N = 1048579
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, N).astype(np.float32)
    y0 = rng.uniform(-1, 1, N).astype(np.float32)
    want = np.float32(1.5) * x + y0
    dx = cp.asarray(x)
    cp.cuda.Device().synchronize()

    def once(code):
        t0 = time.perf_counter()
        # name_expressions: the kernel's C++ (mangled) name is looked up for us.
        mod = cp.RawModule(code=code, backend="nvrtc", name_expressions=[name])
        k = mod.get_function(name)
        dy = cp.asarray(y0)
        k(((N + 255) // 256,), (256,), (dx, dy, np.float32(1.5), np.int32(N)))
        got = cp.asnumpy(dy)
        ok = bool(np.allclose(got, want, atol=1e-6, rtol=1e-5))
        return (time.perf_counter() - t0) * 1e3, ok

    once(src + "\n// warm-up\n")  # CUDA context, cupy imports
    cold, warm, comp, oks = [], [], [], []
    for i in range(n):
        ms, ok = once(src + "\n// cold %d %f\n" % (i, time.time()))
        cold.append(ms)
        oks.append(ok)
    for i in range(n):
        ms, ok = once(src)
        warm.append(ms)
        oks.append(ok)
    try:
        from cupy.cuda import compiler
        arch = compiler._get_arch() if hasattr(compiler, "_get_arch") else None
        for i in range(n):
            t0 = time.perf_counter()
            compiler.compile_using_nvrtc(src + "\n// c %d %f\n" % (i, time.time()),
                                         options=(), arch=arch)
            comp.append((time.perf_counter() - t0) * 1e3)
    except Exception as e:  # private API: the numbers above stand without it
        comp = []
        note = "compile-only timing unavailable: %s" % e
    else:
        note = ""
    print(json.dumps({"kernel": name, "cold_ms": cold, "warm_ms": warm,
                      "nvrtc_compile_ms": comp, "all_correct": all(oks), "note": note,
                      "cupy": cp.__version__}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
