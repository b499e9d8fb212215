"""Runs an imported task's reference the way kfix does (KFIX_IO_DIR with
sizes.json and NAME.npy per input, cwd = the task directory) for every size of
the task, and checks the outputs against a direct torch computation.
Usage: run_reference.py TASKDIR relu|linear_gelu"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

import torch

task_dir, check = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("ref", os.path.join(task_dir, "kernelbench_reference.py"))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
task = json.load(open(os.path.join(task_dir, "task.json")))
for i, sizes in enumerate(task["sizes"]):
    with tempfile.TemporaryDirectory() as io:
        json.dump(sizes, open(os.path.join(io, "sizes.json"), "w"))
        vals = {}
        for p in task["params"]:
            if p["role"] not in ("input", "inout"):
                continue
            spec_in = task["inputs"].get(p["name"], {})
            if spec_in.get("dist") == "file":
                t = ref.read_npy(os.path.join(task_dir, spec_in["path"]))
            else:
                shape = [sizes[d] if isinstance(d, str) else d for d in p["shape"]]
                t = torch.randn(*shape)
            vals[p["name"]] = t
            ref.write_npy(os.path.join(io, p["name"] + ".npy"), t)
        env = dict(os.environ, KFIX_IO_DIR=io)
        cmd = task["reference"]["argv"]
        r = subprocess.run(cmd, cwd=task_dir, env=env, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("reference failed: " + r.stderr)
        outs = {p["name"]: ref.read_npy(os.path.join(io, p["name"] + ".npy"))
                for p in task["params"] if p["role"] in ("output", "inout")}
        if check == "relu":
            want = torch.relu(vals["x"])
            got = outs["out"]
        elif check == "linear_gelu":
            want = torch.nn.functional.gelu(vals["x"] @ vals["gemm_weight"].T + vals["gemm_bias"])
            got = outs["y"]
        err = (want.reshape(-1) - got.reshape(-1)).abs().max().item()
        print(f"size {i}: {tuple(got.shape)} max_err={'OK' if err < 1e-4 else err}")
