"""Writes broken variants of the transforms task (one manifest error each) into
OUT/NAME.json, and OUT/warn/unknown-key.json (a warning only)."""
import copy
import json
import os
import sys

src, out = sys.argv[1], sys.argv[2]
base = json.load(open(src))
base["source"] = os.path.join(os.path.dirname(os.path.abspath(src)), "kernel.cu")
base["reference"]["source"] = os.path.join(os.path.dirname(os.path.abspath(src)), "reference.cu")


def variant(name, change, sub=""):
    t = copy.deepcopy(base)
    change(t)
    d = os.path.join(out, sub)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name + ".json"), "w") as f:
        json.dump(t, f, indent=1)


def tr(t, lst):
    t["inputs"]["p"]["transform"] = lst


variant("op-unknown", lambda t: tr(t, [{"op": "softmx", "dim": -1}]))
variant("op-missing", lambda t: tr(t, [{"dim": -1}]))
variant("not-list", lambda t: tr(t, {"op": "softmax"}))
variant("dim-range", lambda t: tr(t, [{"op": "softmax", "dim": 2}]))
variant("dim-type", lambda t: tr(t, [{"op": "softmax", "dim": "x"}]))
variant("clamp-empty", lambda t: tr(t, [{"op": "clamp"}]))
variant("triu-rank", lambda t: t["inputs"]["loss"].update(transform=[{"op": "triu"}]))


def int_softmax(t):
    t["params"][0]["dtype"] = "i32"


variant("int-softmax", int_softmax)


def file_input(t):
    t["inputs"]["p"] = {"dist": "file", "path": os.path.abspath(src), "transform": [{"op": "abs"}]}


variant("file-input", file_input)
variant("epi-input", lambda t: t["params"][0].update(epilogue=[{"op": "div", "value": 2}]))
variant("epi-op", lambda t: t["params"][2].update(epilogue=[{"op": "pow", "value": 2}]))
variant("epi-value", lambda t: t["params"][2].update(epilogue=[{"op": "div"}]))
variant("epi-zero", lambda t: t["params"][2].update(epilogue=[{"op": "div", "value": "R-R"}]))
variant("epi-unbound", lambda t: t["params"][2].update(epilogue=[{"op": "div", "value": "Q"}]))
variant("unknown-key", lambda t: tr(t, [{"op": "softmax", "dim": -1, "axis": 1}]), "warn")
