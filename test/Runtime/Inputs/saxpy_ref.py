"""Reference for the saxpy tasks through the .npy protocol: y = a * x + y, where
`a` comes from sizes.json ("A", default 2.0). With KFIX_TEST_REF_FAIL set it exits 3;
with KFIX_TEST_REF_SKIP set it writes nothing; with KFIX_TEST_REF_COUNT=FILE it appends a
line to FILE per run."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kfix_npy  # noqa: E402

io = os.environ["KFIX_IO_DIR"]
if os.environ.get("KFIX_TEST_REF_COUNT"):
    with open(os.environ["KFIX_TEST_REF_COUNT"], "a") as f:
        f.write("run\n")
if os.environ.get("KFIX_TEST_REF_FAIL"):
    sys.stderr.write("saxpy_ref: failing on purpose\n")
    sys.exit(3)
if os.environ.get("KFIX_TEST_REF_SKIP"):
    sys.exit(0)
with open(os.path.join(io, "sizes.json")) as f:
    sizes = json.load(f)
a = float(sizes.get("A", 2.0))
_, shape, x = kfix_npy.load(os.path.join(io, "x.npy"))
descr, _, y = kfix_npy.load(os.path.join(io, "y.npy"))
out = [a * xi + yi for xi, yi in zip(x, y)]
kfix_npy.save(os.path.join(io, "y.npy"), "<f8", shape, out)
