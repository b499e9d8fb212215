"""Prints one line per step of a kfix debug trace.jsonl: iteration, action,
outcome and the error measures (what two runs of one search must agree on)."""
import json
import sys

for line in open(sys.argv[1]):
    s = json.loads(line)
    print(s["iteration"], s["action"]["describe"], s["outcome"],
          "%.6g" % s["error_before"], "%.6g" % s["error_after"])
