import sys

sys.path.insert(0, sys.argv[1])
from kfix_harness import kernelbench as kb  # noqa: E402

ns = {}
exec("import torch\nbatch_size = 32768\ndim = 65535\n"
     "def get_inputs():\n    return [torch.empty(batch_size, dim, device='meta')]\n", ns)
print("l1norm", sorted(kb.scale_problem(ns, 1 << 20).items()))
ns.update({"batch_size": 256, "dim": 255})
print("near-equal", sorted(kb.scale_problem(ns, 8192).items()))
ns.update({"batch_size": 16, "dim": 16384})
print("one-scaled", sorted(kb.scale_problem(ns, 1 << 12).items()))
