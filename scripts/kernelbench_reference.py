#!/usr/bin/env python3
"""kfix reference for a task imported from KernelBench (kfix import-kernelbench).

Runs the problem's Model on the inputs kfix wrote into $KFIX_IO_DIR and writes
each output there as NAME.npy. reference.json (next to this script, in the task
directory) says which module-level size symbols to set from sizes.json, which
forward argument is which task parameter, which Model parameters to load from
which .npy file, and the names of the outputs. Needs torch only: .npy files are
read and written here without numpy.
"""
import ast
import importlib.util
import json
import os
import struct
import sys

import torch

DESCR = {
    "<f4": torch.float32, "<f8": torch.float64, "<f2": torch.float16,
    "<i4": torch.int32, "<i8": torch.int64, "<i2": torch.int16, "|i1": torch.int8,
    "|u1": torch.uint8, "|b1": torch.bool,
}
DESCR_OF = {v: k for k, v in DESCR.items()}


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    major = data[6]
    if major == 1:
        hlen = struct.unpack("<H", data[8:10])[0]
        start = 10
    else:
        hlen = struct.unpack("<I", data[8:12])[0]
        start = 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    if header.get("fortran_order"):
        raise ValueError(f"{path}: Fortran order is not supported")
    dtype = DESCR.get(header["descr"])
    if dtype is None:
        raise ValueError(f"{path}: unsupported dtype {header['descr']}")
    shape = tuple(header["shape"])
    body = bytearray(data[start + hlen:])
    if not body:
        return torch.empty(shape, dtype=dtype)
    return torch.frombuffer(body, dtype=dtype).reshape(shape).clone()


def write_npy(path, t):
    t = t.detach().to("cpu").contiguous()
    if t.dtype == torch.bfloat16:
        t = t.float()
    descr = DESCR_OF.get(t.dtype)
    if descr is None:
        t = t.float()
        descr = "<f4"
    shape = tuple(t.shape)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, "(%s)" % "".join(f"{d}, " for d in shape) if len(shape) != 1 else f"({shape[0]},)")
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * (pad % 64) + "\n"
    flat = t.reshape(-1)
    try:
        payload = flat.numpy().tobytes()
    except Exception:  # torch without numpy
        payload = bytes(flat.view(torch.uint8).tolist()) if flat.numel() else b""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(payload)
    os.replace(tmp, path)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    io_dir = os.environ.get("KFIX_IO_DIR")
    if not io_dir:
        sys.exit("kernelbench_reference.py: KFIX_IO_DIR is not set (kfix runs this script)")
    with open(os.path.join(here, "reference.json")) as f:
        cfg = json.load(f)
    with open(os.path.join(io_dir, "sizes.json")) as f:
        sizes = json.load(f)

    spec = importlib.util.spec_from_file_location("kfix_problem", os.path.join(here, cfg["problem"]))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for sym in cfg["symbols"]:
        if sym in sizes:
            setattr(mod, sym, sizes[sym])

    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    init = mod.get_init_inputs() if hasattr(mod, "get_init_inputs") else []
    model = mod.Model(*init)
    with torch.no_grad():
        for key, rel in cfg["weights"].items():
            target = model.get_parameter(key)
            value = read_npy(os.path.join(here, rel)).to(target.dtype).reshape(target.shape)
            target.copy_(value)
    # The module stays in the mode it was built in (training), as KernelBench's own
    # correctness check runs it: BatchNorm normalizes with the batch's statistics.
    model = model.to(device)

    inputs = list(mod.get_inputs())
    for i, name in enumerate(cfg["forward_inputs"]):
        if name is None:
            continue
        p = os.path.join(io_dir, name + ".npy")
        if os.path.exists(p):
            inputs[i] = read_npy(p).to(inputs[i].dtype if torch.is_tensor(inputs[i]) else None)
    inputs = [x.to(device) if torch.is_tensor(x) else x for x in inputs]
    with torch.no_grad():
        out = model(*inputs)
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    if len(outs) != len(cfg["outputs"]):
        sys.exit(f"Model.forward returned {len(outs)} values, the task expects {len(cfg['outputs'])}")
    for name, t in zip(cfg["outputs"], outs):
        write_npy(os.path.join(io_dir, name + ".npy"), t)


if __name__ == "__main__":
    main()
