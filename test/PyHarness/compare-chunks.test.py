import math
import sys

sys.path.insert(0, sys.argv[1])
import torch  # noqa: E402

from kfix_harness import kernelbench as kb  # noqa: E402


def whole(out, new, atol, rtol):
    a, b = out.float(), new.float()
    diff = (a - b).abs()
    return {"max_diff": float(diff.max()) if diff.numel() else 0.0,
            "wrong_elements": int((~(diff <= atol + rtol * a.abs())).sum()),
            "ok": bool(torch.allclose(out, new.to(out.dtype), atol=atol, rtol=rtol))}


def same(x, y):
    return x == y or (isinstance(x, float) and math.isnan(x) and math.isnan(y)) or \
        abs(x - y) <= 1e-6 * max(1.0, abs(y))


def show(name, out, new, atol=1e-2, rtol=1e-2):
    w = whole(out, new, atol, rtol)
    for chunk in (5, 64, 1 << 24):
        c = kb.compare(out, new, atol, rtol, chunk=chunk)
        for k in ("max_diff", "wrong_elements"):
            if not same(c[k], w[k]):
                print(name, "DIFFERS", chunk, k, c[k], w[k])
                return
        if c["_ok"] != w["ok"]:
            print(name, "DIFFERS", chunk, "ok", c["_ok"], w["ok"])
            return
    print(name, "same ok=%s wrong=%d" % (c["_ok"], c["wrong_elements"]),
          "max=%s" % c["max_diff"] if math.isnan(c["max_diff"]) else
          "whole_allclose=%s" % w["ok"])


torch.manual_seed(0)
a = torch.randn(37, 101)
b = a.clone()
b[36, 100] += 1.0
show("f32-one-off", a, b)
b[0, 0] = float("nan")
show("f32-nan", a, b)
h = a.half()
show("f16-close", a, h.float() + 1e-4)
t = torch.randn(101, 37).t()
u = t.contiguous()
u[5, 7] -= 2.0
show("transposed", t, u)
show("empty", torch.zeros(0), torch.zeros(0))
