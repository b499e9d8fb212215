#!/usr/bin/env bash
# Session 19 on the GPU (carry .gpu: the portable tarball and .gpu/cases): session18.sh's
# parts with the session-19 fresh tasks.
#   PART=b  the hzeng2000 local bugs of bench/real/local-bugs-session18.txt at once
#           (Kimi 4: a model check that fails with the reference in TF32 is run
#           again in strict fp32; grok 26: solution.py verified by the benchmark's
#           own build when the slower harness check does not finish)
#   PART=f  the 14 session-19 NM-bench tasks (bench/tasks/*-s19) on the GPU target,
#           then their repaired kernels timed against the originals and the human fixes
#   PART=n  NM-bench on the GPU target and the repaired kernels timed
SET=s19 exec bash "$(dirname "$0")/session18.sh"
