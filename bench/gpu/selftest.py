#!/usr/bin/env python3
"""Local checks of the campaign scripts' parsers (no GPU): sanitizer output samples
in testdata/ (hand-written after NVIDIA's documented format, see
sanitizer_parse.py) and compare-executors output. Exit 0 when all pass."""
import os
import sys

import agree
import common as C
import sanitizer_parse as SP

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def expect(what, got, want):
    if got != want:
        failures.append("%s: got %r, want %r" % (what, got, want))


def sample(name):
    with open(os.path.join(HERE, "testdata", name)) as f:
        return SP.parse(f.read())


r = sample("memcheck-axpy.txt")
expect("memcheck errors", r["errors"], 759)
expect("memcheck reported", r["reported"], 3)
expect("memcheck kinds", dict(r["kinds"]), {"Invalid __global__ read": 2,
                                            "Invalid __global__ write": 1})
expect("memcheck locations", dict(r["locations"]), {"axpy+0x90": 2, "kernel.cu:6 (axpy)": 1})
expect("memcheck api", r["api_errors"], ["CUDA_ERROR_LAUNCH_FAILED"])
expect("memcheck thread", r["first_thread"], "thread (3,0,0) block (4096,0,0)")
expect("memcheck count", SP.summary_count(r, "memcheck"), 759)

r = sample("memcheck-clean.txt")
expect("clean errors", r["errors"], 0)
expect("clean reported", r["reported"], 0)
expect("clean summaries", r["summaries"], 1)

r = sample("racecheck-softmax.txt")
expect("race hazards", r["hazards"], 4866)
expect("race reported", r["reported"], 3)
expect("race errors", (r["race_errors"], r["race_warnings"]), (2, 1))
expect("race kinds", dict(r["kinds"]), {"race Write/Read (error)": 1,
                                        "race Read/Write (error)": 1,
                                        "race Write/Write (warning)": 1})
expect("race top location", r["locations"].most_common(1)[0],
       ("softmax_block_kernel+0x3a0 <-> softmax_block_kernel+0x410", 4736))
expect("race line info", "kernel.cu:32 (softmax_block_kernel+0x410) <-> "
       "kernel.cu:30 (softmax_block_kernel+0x3a0)" in r["locations"], True)
expect("race count", SP.summary_count(r, "racecheck"), 4866)

r = sample("racecheck-old-multiproc.txt")
expect("old race hazards", r["hazards"], 16)
expect("old race summaries", (r["summaries"], r["race_errors"]), (2, 1))
expect("old race location", list(r["locations"]),
       ["kernel.cu:30 (softmax_block_kernel) <-> kernel.cu:32 (softmax_block_kernel)"])

out = """R=37 C=1000               y        0 of 37000 differ, max abs 5.96046e-08, max rel 1.2e-07
R=6 C=4099                y        2 of 24594 differ, max abs 0.5, max rel 1
R=64 C=256: error: device-fault: CUDA_ERROR_ILLEGAL_ADDRESS: the kernel failed
DIFFER
"""
p = agree.parse_compare(out)
expect("compare verdict", p["verdict"], "DIFFER")
expect("compare rows", [(x["size"], x["param"], x["mismatches"], x["numel"]) for x in p["rows"]],
       [("R=37 C=1000", "y", 0, 37000), ("R=6 C=4099", "y", 2, 24594)])
expect("compare max abs", p["rows"][0]["max_abs"], 5.96046e-08)
expect("compare error", p["errors"], [{"size": "R=64 C=256",
                                       "message": "device-fault: CUDA_ERROR_ILLEGAL_ADDRESS: "
                                                  "the kernel failed"}])

# `kfix time --json` under compute-sanitizer: the pretty-printed object sits
# between the sanitizer's banner and its summary.
wrapped = ("========= COMPUTE-SANITIZER\n{\n  \"kernel_ms\": 13.02,\n  \"launches\": [\n"
           "    {\"kernel_ms\": 13.02}\n  ]\n}\n"
           "========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n")
expect("json_out sanitized", (C.json_out({"out": wrapped}) or {}).get("kernel_ms"), 13.02)
expect("json_out one line", C.json_out({"out": "progress\n{\"a\": 1}\n"}), {"a": 1})
expect("json_out none", C.json_out({"out": "no json here\n{ broken\n"}), None)

for f in failures:
    print("FAIL", f)
print("selftest: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
