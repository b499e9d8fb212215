#!/usr/bin/env python3
"""Lifts every CUDA file of the given corpora and runs the lifted IR through each
consumer: kfix-verify-lifted, the exporter and kfix-lower-to-host (with
KFIX_VERIFY_LIFTED=1, so each consumer checks the contract too). Prints one line
per file that fails, with the stage and the first error, and exits 1 when a file
fails that is not in the known list or a known file passes.

usage: lifted_contract.py --root SRC --tmp DIR [--known FILE] GLOB...
"""
import argparse
import concurrent.futures
import glob
import hashlib
import json
import os
import subprocess
import sys


def first_error(text):
    for line in text.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no output)"


def task_kernel(path):
    """The template instantiation a task next to `path` names (`name<float>`):
    a kernel templated over its element type and instantiated only by the host
    code's dispatch has nothing to lift without it."""
    task = os.path.join(os.path.dirname(path), "task.json")
    try:
        with open(task) as f:
            kernel = json.load(f).get("kernel", "")
    except (OSError, ValueError):
        return None
    if not isinstance(kernel, str) or "<" not in kernel:
        return None
    # Only for a file that defines it (not the task's reference kernel).
    try:
        with open(path) as f:
            defines = kernel.split("<")[0] + "(" in f.read().replace(" (", "(")
    except OSError:
        return None
    return kernel if defines else None


def check(path, rel, tmp, env):
    mlir = os.path.join(tmp, hashlib.sha1(rel.encode()).hexdigest()[:16] + ".mlir")
    kernel = task_kernel(path)
    lift = ["kfix-translate", "--import-cuda", path, "-o", mlir]
    if kernel:
        lift += ["--kernel", kernel]
    stages = [
        ("lift", lift),
        ("verify", ["kfix-opt", "--kfix-verify-lifted", mlir, "-o", os.devnull]),
        ("export", ["kfix-translate", "--export-cuda", mlir, "-o", os.devnull]),
        ("lower-to-host", ["kfix-opt", "--kfix-lower-to-host", mlir, "-o", os.devnull]),
    ]
    for stage, cmd in stages:
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
        except subprocess.TimeoutExpired:
            return stage, "timed out"
        if r.returncode != 0:
            return stage, first_error(r.stderr + r.stdout)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--known", help="lines 'PATH: reason' of files known to fail")
    ap.add_argument("globs", nargs="+")
    a = ap.parse_args()
    os.makedirs(a.tmp, exist_ok=True)
    known = {}
    if a.known:
        for line in open(a.known):
            line = line.strip()
            if line and not line.startswith("#"):
                p, _, why = line.partition(":")
                known[p.strip()] = why.strip()
    files, seen = [], set()
    for g in a.globs:
        for p in sorted(glob.glob(os.path.join(a.root, g), recursive=True)):
            digest = hashlib.sha1(open(p, "rb").read()).hexdigest()
            if digest in seen:  # identical files are checked once
                continue
            seen.add(digest)
            files.append(p)
    env = dict(os.environ, KFIX_VERIFY_LIFTED="1")
    jobs = max(1, os.cpu_count() or 1)
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(
            lambda p: check(p, os.path.relpath(p, a.root), a.tmp, env), files))
    bad = 0
    for p, res in zip(files, results):
        rel = os.path.relpath(p, a.root)
        if res and rel not in known:
            print(f"FAIL {rel}: {res[0]}: {res[1]}")
            bad += 1
        elif res:
            print(f"KNOWN {rel}: {res[0]} ({known[rel]})")
        elif rel in known:
            print(f"UNEXPECTED PASS {rel} (remove it from the known list)")
            bad += 1
    print(f"checked {len(files)} files: {len(files) - sum(1 for r in results if r)} pass, "
          f"{bad} unexpected")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
