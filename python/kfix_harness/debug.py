"""Debugging a candidate inside the live harness.

The candidate runs once with its kernel launches captured. When the benchmark's verdict
is a mismatch, the launch that wrote the tensor ModelNew returned is the one to repair:
its buffers before the launch and the Model's output make a kernel-level kfix task
(file inputs, the Model's output as the reference), and `kfix debug` repairs the kernel
on it (diagnosis, KB, search). The repaired kernel is then installed in the live harness
in place of the original (no rebuild of the wrapper) and judged by the benchmark's own
check on the trials and on held-out seeds; only a repair that passes there is delivered,
as solution.py: the candidate with only that kernel's text changed.
"""
import json
import os
import re
import subprocess
import sys

from . import HarnessError
from .runtime import kfix_binary

NP_DTYPES = {"f32": "float32", "f64": "float64", "f16": "float16", "i32": "int32",
             "i64": "int64", "i16": "int16", "i8": "int8", "u8": "uint8", "u32": "uint32",
             "u64": "uint64", "u16": "uint16", "bool": "bool"}
DT_SIZE = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2, "i32": 4, "i64": 8, "i16": 2, "i8": 1,
           "u8": 1, "u32": 4, "u64": 8, "u16": 2, "bool": 1}


class Capture:
    """Finds the launch that wrote the returned tensor: in trial 0, or (first_failing)
    in the first trial whose output the benchmark rejects: a candidate can pass its
    first trial and fail a later one."""

    def __init__(self, rt, first_failing=False):
        self.rt = rt
        self.target = None
        self.expected = None
        self.first_failing = first_failing
        self.trial = None
        rt.capture = True

    def on_trial(self, rec, out, out_new, inputs):
        if not self.rt.capture:
            return
        if self.first_failing and rec.get("ok"):
            # This trial passed: its bytes are not needed; capture the next one.
            for l in self.rt.launches:
                l.pop("capture", None)
            from .runtime import capture_budget
            self.rt.capture_budget = capture_budget()
            return
        self.rt.capture = False
        self.trial = rec["trial"]
        ptr = out_new.data_ptr()
        nbytes = out_new.numel() * out_new.element_size()
        for i in range(len(self.rt.launches) - 1, -1, -1):
            l = self.rt.launches[i]
            cap = l.get("capture")
            if not cap:
                continue
            for ri, (p, n) in enumerate(cap["regions"]):
                if p == ptr and n >= nbytes and out_new.is_contiguous():
                    self.target = (i, ri, nbytes)
                    self.expected = out.detach().float().contiguous().cpu().numpy()
                    self.out_dtype = str(out_new.dtype)
                    return


def _write_npy(path, raw, dtype, count):
    import numpy as np
    if dtype == "bf16":
        import torch
        t = torch.frombuffer(bytearray(raw[:count * 2]), dtype=torch.bfloat16).float()
        arr = t.numpy()
    else:
        arr = np.frombuffer(raw[:count * DT_SIZE[dtype]], dtype=NP_DTYPES[dtype])
    np.save(path, arr)


def reads_before_write(rt, launch, reg):
    """Whether the launch's result in region reg depends on what the region held
    before: the launch is replayed with those bytes changed (two fill patterns) and
    the results compared with the captured one. True when they differ or the replay
    cannot run (then keeping the bytes is the faithful choice)."""
    c = launch["capture"]
    for fill in (b"\x7f", b"\x01"):
        pre = list(c["pre"])
        pre[reg] = fill * len(pre[reg])
        post = rt.replay(launch, pre)
        if post is None or post[reg] != c["post"][reg]:
            return True
    return False


def make_task(cap, ext, task_dir, tol):
    """Writes a kernel-level kfix task for the captured launch. Returns its path."""
    import numpy as np
    li, ri, out_bytes = cap.target
    launch = cap.rt.launches[li]
    c = launch["capture"]
    params = c["params"]
    os.makedirs(task_dir, exist_ok=True)
    tparams, inputs, outputs = [], {}, {}
    names = [p.get("name") or "p%d" % i for i, p in enumerate(params)]
    seen = set()
    for i, (p, a) in enumerate(zip(params, c["args"])):
        name = re.sub(r"\W", "_", names[i]) or "p%d" % i
        if name in seen:
            name = "%s_%d" % (name, i)
        seen.add(name)
        dt = p.get("dtype", "f32")
        if p.get("kind") in ("buffer", "accessor"):
            reg = c["region_of_arg"][i]
            if reg is None:  # null pointer
                tparams.append({"name": name, "role": "input", "dtype": dt, "shape": [0]})
                continue
            n = c["regions"][reg][1] // DT_SIZE[dt]
            if p.get("kind") == "accessor" and a.get("sizes"):
                shape = list(a["sizes"])
            else:
                shape = [n]
            count = 1
            for s in shape:
                count *= s
            pre, post = c["pre"][reg], c["post"][reg]
            if reg == ri:
                m = out_bytes // DT_SIZE[dt]
                if m != count:
                    shape, count = [m], m
                exp = cap.expected.reshape(-1)[:count]
                outputs[name] = exp
                if reads_before_write(cap.rt, launch, reg):
                    # The kernel updates the tensor in place (or leaves part of it as
                    # it was): the task starts from the bytes it had before the launch.
                    tparams.append({"name": name, "role": "inout", "dtype": dt,
                                    "shape": shape})
                    _write_npy(os.path.join(task_dir, name + ".in.npy"), pre, dt, count)
                    inputs[name] = {"dist": "file", "path": name + ".in.npy"}
                else:
                    tparams.append({"name": name, "role": "output", "dtype": dt,
                                    "shape": shape})
            elif pre != post:
                tparams.append({"name": name, "role": "inout", "dtype": dt, "shape": shape})
                _write_npy(os.path.join(task_dir, name + ".in.npy"), pre, dt, count)
                inputs[name] = {"dist": "file", "path": name + ".in.npy"}
                _write_npy(os.path.join(task_dir, "expected_" + name + ".npy"), post, dt, count)
                outputs[name] = None
            else:
                tparams.append({"name": name, "role": "input", "dtype": dt, "shape": shape})
                _write_npy(os.path.join(task_dir, name + ".in.npy"), pre, dt, count)
                inputs[name] = {"dist": "file", "path": name + ".in.npy"}
        else:
            v = a.get("int", a.get("float", 0))
            tparams.append({"name": name, "role": "scalar", "dtype": dt, "value": v})
    for name, arr in outputs.items():
        if arr is not None:
            np.save(os.path.join(task_dir, "expected_" + name + ".npy"), arr.astype("float64"))
    copy = ("import os, shutil\n"
            "for n in %r:\n"
            "    shutil.copy('expected_' + n + '.npy', os.path.join(os.environ['KFIX_IO_DIR'], n + '.npy'))\n"
            % sorted(outputs))
    src = os.path.join(task_dir, "kernel.cu")
    with open(src, "w") as f:
        f.write(ext["cuda_text"])
    task = {
        "kfix_task": 1, "name": "%s (captured from the harness)" % launch["kernel"],
        "source": "kernel.cu", "kernel": launch["kernel"], "params": tparams,
        "launch": {"grid": launch["grid"], "block": launch["block"],
                   "shared_bytes": launch["shmem"]},
        "sizes": [{"CAPTURED": 1}], "inputs": inputs,
        "reference": {"kind": "command", "argv": [sys.executable, "-c", copy], "timeout_s": 120},
        "tolerance": {"atol": tol["atol"], "rtol": tol["rtol"]}, "seeds": 1,
    }
    path = os.path.join(task_dir, "task.json")
    from .cli import write_atomic
    write_atomic(path, json.dumps(task, indent=1) + "\n")
    return path


def run_kfix_debug(task, out_dir, target, time_limit):
    cmd = [kfix_binary(), "debug", task, "-o", out_dir, "--target", target,
           "--ablate", "integrity", "--time-limit", str(int(time_limit)), "--quiet",
           "--max-evals", "240", "--max-iters", "160"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=time_limit + 120)
    report = {}
    rp = os.path.join(out_dir, "report.json")
    if os.path.exists(rp):
        try:
            report = json.load(open(rp))
        except ValueError:
            pass
    return p.returncode, (p.stdout + p.stderr)[-3000:], report, cmd


def solution_text(candidate_src, original_kernel_text, repaired_cu, kernel):
    """candidate_src with only the kernel's definition replaced by the repaired one
    (splice.py: the kernel's bytes in its string literal, re-encoded for it).
    Returns (text, None) or (None, why)."""
    from .splice import SpliceError, splice_kernels
    try:
        text, changes = splice_kernels(candidate_src, repaired_cu, names=[kernel])
    except SpliceError as e:
        return None, str(e)
    if not any(c["action"] == "replaced" for c in changes):
        return None, "the repaired %s is the candidate's own text" % kernel
    return text, None
