#!/usr/bin/env python3
# TEST FIXTURE, not a compiler: stands for nvcc in the delivery compile tests.
# `--version` prints a release line; otherwise `-c -x cu -arch=sm_XX -o OUT FILE`
# "compiles" FILE: it fails (an nvcc-style error on stderr, status 1) when FILE
# contains the text of $FAKE_NVCC_REJECT (one of several, separated by "|"),
# else writes OUT. FAKE_NVCC_LOG, when set, gets one line per call.
import os
import sys

args = sys.argv[1:]
if args == ["--version"]:
    print("nvcc: fake test fixture\nCuda compilation tools, release 0.0, Vfake")
    sys.exit(0)
src, out = args[-1], args[args.index("-o") + 1]
text = open(src).read()
if os.environ.get("FAKE_NVCC_LOG"):
    with open(os.environ["FAKE_NVCC_LOG"], "a") as f:
        f.write("%s %s\n" % (" ".join(a for a in args if a.startswith("-arch")), os.path.basename(src)))
for marker in filter(None, os.environ.get("FAKE_NVCC_REJECT", "").split("|")):
    for n, line in enumerate(text.splitlines(), 1):
        if marker in line:
            sys.stderr.write('%s(%d): error: identifier "%s" is undefined\n' % (src, n, marker))
            sys.stderr.write("1 error detected in the compilation of \"%s\".\n" % src)
            sys.exit(1)
open(out, "w").write("fake object\n")
