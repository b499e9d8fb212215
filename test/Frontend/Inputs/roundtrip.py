#!/usr/bin/env python3
"""Round trip of the lifting corpus: for every kernel file, import -> export -> import and
compare the two lifted modules after a normalization.

Normalization (both sides): kfix-opt with PIPELINE (mem2reg, canonicalize, cse inside every
gpu.func), printed without locations, then the attributes that name the source rather than
the computation are dropped: kfix.source (the file path), kfix.name (the C++ name as written:
an exported template instantiation is a plain kernel), kfix.var (variable names, which the
exporter may rename to keep the C++ valid), kfix.signed (the exporter writes integer
arithmetic with signed types, so unsigned size_t arithmetic comes back marked signed) and
kfix.callarg (source positions of an inlined helper's arguments) and kfix.ptr_offset (where a
pointer variable's offset is declared).

Usage: roundtrip.py CORPUS_DIR [WORK_DIR] [--diff] [--pipeline=cfg|basic] [--nvcc=NVCC]
                    [--tasks=DIR]
Prints `SAME f`, `DIFF f`, `FAIL <stage> f: ...` per file and `same N of M` at the end.
--nvcc: also compiles every export with `NVCC -arch=sm_90 -c` (`NVCC-FAIL f`, and
`nvcc ok N of M`). --tasks: for every DIR/<stem>/task.json (whose source and reference are
the original corpus file), runs `kfix run task.json --candidate <export> --target cpu`
(`RUN-FAIL stem`, and `tasks passed N of M`).
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

PIPELINES = {
    # The pipeline: promotes only the allocas whose uses sit in the entry region.
    "basic": "builtin.module(gpu.module(gpu.func(mem2reg,canonicalize,cse)))",
    # The default: structured control flow is first lowered to a CFG so that mem2reg (SSA
    # construction) promotes every scalar local, wherever the C++ text declared it.
    "cfg": "builtin.module(gpu.module(gpu.func(convert-scf-to-cf,mem2reg,canonicalize,cse)))",
}
PIPELINE = PIPELINES["cfg"]


def run(cmd, inp=None):
    return subprocess.run(cmd, input=inp, capture_output=True, text=True)


def normalize(mlir):
    # kfix.signed marks a C++ signed + - * (whose overflow is undefined) for
    # kfix-instrument-overflow; the exporter writes every integer operation
    # with signed C++ types, so size_t arithmetic comes back marked. Dropped
    # before cse, which keeps ops apart whose attributes differ.
    mlir = re.sub(r'\s*\{kfix\.signed\}', "", mlir)
    mlir = re.sub(r'kfix\.signed,?\s*', "", mlir)
    # kfix.callarg marks the reads of an inlined call's arguments with source
    # positions (the exported file calls no helper): dropped before cse too.
    mlir = re.sub(r'kfix\.callarg = \[[^\]]*\],?\s*', "", mlir)
    # kfix.ptr_offset marks the adds of a pointer variable's offset with the
    # declaration's place (the exporter writes each access's index whole).
    mlir = re.sub(r',?\s*kfix\.ptr_offset = (#loc\d*|loc\([^)]*\)),?', "", mlir)
    mlir = re.sub(r' \{\}( :)', r'\1', mlir)
    r = run(["kfix-opt", f"--pass-pipeline={PIPELINE}"], mlir)
    if r.returncode != 0:
        return None, r.stderr
    text = r.stdout
    text = re.sub(r',?\s*kfix\.source = "[^"]*"', "", text)
    text = re.sub(r'kfix\.name = "[^"]*",?\s*', "", text)
    text = re.sub(r'\s*\{kfix\.var = "[^"]*"\}', "", text)
    text = re.sub(r'kfix\.var = "[^"]*",?\s*', "", text)
    text = text.replace("attributes {}", "")
    return "".join(sort_constants(chunk) for chunk in re.split(r"(?=\n\s*gpu\.func )", text)), ""


CONST = re.compile(r"^(\s*)(%[\w$.-]+) = (arith\.constant .*)$")


def sort_constants(func):
    """canonicalize hoists the constants of a function to its entry in first-use order;
    give them names derived from their values and a sorted order instead."""
    lines = func.split("\n")
    consts = {}
    for line in lines:
        m = CONST.match(line)
        if m:
            consts[m.group(2)] = m.group(3)
    if not consts:
        return func
    names = {}
    for old, val in consts.items():
        names[old] = "%K" + re.sub(r"[^\w]", "_", val)
    first = next(i for i, l in enumerate(lines) if CONST.match(l))
    indent = CONST.match(lines[first]).group(1)
    body = [l for l in lines if not CONST.match(l)]
    pattern = re.compile("(" + "|".join(re.escape(n) for n in
                                        sorted(names, key=len, reverse=True)) + r")(?![\w$.-])")
    body = [pattern.sub(lambda m: names[m.group(1)], l) for l in body]
    header = sorted(set(f"{indent}{names[o]} = {v}" for o, v in consts.items()))
    return "\n".join(body[:first] + header + body[first:])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_diff = "--diff" in sys.argv
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    nvcc_ok = 0
    exported_files = {}
    global PIPELINE
    for a in sys.argv[1:]:
        if a.startswith("--pipeline="):
            PIPELINE = PIPELINES[a.split("=", 1)[1]]
    corpus = args[0]
    work = args[1] if len(args) > 1 else tempfile.mkdtemp(prefix="kfix-rt-")
    os.makedirs(work, exist_ok=True)
    files = sorted(glob.glob(os.path.join(corpus, "*.cu")))
    same = 0
    for f in files:
        name = os.path.basename(f)
        stem = name[:-3]
        a = run(["kfix-translate", "--import-cuda", f])
        if a.returncode != 0:
            print(f"FAIL import {name}: {a.stderr.strip()}")
            continue
        e = run(["kfix-translate", "--export-cuda"], a.stdout)
        if e.returncode != 0:
            print(f"FAIL export {name}: {e.stderr.strip()}")
            continue
        exported = os.path.join(work, stem + ".exported.cu")
        with open(exported, "w") as out:
            out.write(e.stdout)
        exported_files[stem] = exported
        if "nvcc" in opts:
            c = run([opts["nvcc"], "-arch=sm_90", "-c", exported, "-o",
                     os.path.join(work, stem + ".o")])
            if c.returncode == 0:
                nvcc_ok += 1
            else:
                print(f"NVCC-FAIL {name}: {c.stderr.strip()}")
        b = run(["kfix-translate", "--import-cuda", exported])
        if b.returncode != 0:
            print(f"FAIL reimport {name}: {b.stderr.strip()}")
            continue
        na, err_a = normalize(a.stdout)
        nb, err_b = normalize(b.stdout)
        if na is None or nb is None:
            print(f"FAIL normalize {name}: {err_a or err_b}")
            continue
        with open(os.path.join(work, stem + ".a.mlir"), "w") as out:
            out.write(na)
        with open(os.path.join(work, stem + ".b.mlir"), "w") as out:
            out.write(nb)
        if na == nb:
            same += 1
            print(f"SAME {name}")
        else:
            print(f"DIFF {name}")
            if show_diff:
                import difflib
                for line in difflib.unified_diff(na.splitlines(), nb.splitlines(),
                                                 "import", "reimport", lineterm="", n=1):
                    print("  " + line)
    print(f"same {same} of {len(files)}")
    ok = same == len(files)
    if "nvcc" in opts:
        print(f"nvcc ok {nvcc_ok} of {len(files)}")
        ok = ok and nvcc_ok == len(files)
    if "tasks" in opts:
        tasks = sorted(glob.glob(os.path.join(opts["tasks"], "*", "task.json")))
        passed = 0
        for t in tasks:
            stem = os.path.basename(os.path.dirname(t))
            if stem not in exported_files:
                print(f"RUN-FAIL {stem}: no export")
                continue
            r = run(["kfix", "run", t, "--candidate", exported_files[stem], "--target", "cpu"])
            if r.returncode == 0 and "verdict: PASS" in r.stdout:
                passed += 1
                print(f"RUN-PASS {stem}")
            else:
                print(f"RUN-FAIL {stem}: {(r.stdout + r.stderr).strip()}")
        print(f"tasks passed {passed} of {len(tasks)}")
        ok = ok and passed == len(tasks)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
