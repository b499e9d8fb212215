"""Row softmax reference through the .npy protocol: x (R x C) -> y."""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kfix_npy  # noqa: E402

io = os.environ["KFIX_IO_DIR"]
with open(os.path.join(io, "sizes.json")) as f:
    sizes = json.load(f)
R, C = sizes["R"], sizes["C"]
_, shape, x = kfix_npy.load(os.path.join(io, "x.npy"))
y = []
for r in range(R):
    row = x[r * C:(r + 1) * C]
    m = max(row)
    e = [math.exp(v - m) for v in row]
    s = sum(e)
    y.extend(v / s for v in e)
kfix_npy.save(os.path.join(io, "y.npy"), "<f4", (R, C), y)
