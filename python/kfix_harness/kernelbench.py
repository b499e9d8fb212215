"""KernelBench's evaluation, run for real: the problem's Model and the candidate's
ModelNew, built from the problem's get_init_inputs() under the same seed, compared on
fresh get_inputs() draws (output shape first, then torch.allclose at atol/rtol).

The procedure follows KernelBench's documented correctness check (src/eval.py of
ScalingIntelligence/KernelBench): seed 42 for init inputs and each model's
construction, trial seeds drawn from that seed, five trials, tolerance 1e-2. Models
stay in training mode, as there.
"""
import contextlib
import math
import random
import traceback

PRESETS = {
    "kernelbench": {"atol": 1e-2, "rtol": 1e-2},
    "strict": {"atol": 1e-4, "rtol": 1e-4},
}


def set_seed(seed):
    import torch
    torch.manual_seed(seed)
    random.seed(seed)
    try:
        import numpy
        numpy.random.seed(seed % (2 ** 32))
    except Exception:
        pass
    if torch.cuda.is_available():
        torch.cuda.manual_seed(seed)


class _Overriding(dict):
    """Module-level assignments of the overridden size constants store the new value
    (into the real globals too, so functions and comprehensions see it at once): the
    problem's and the candidate's derived values (`bias_shape = (out_channels, 1, 1)`)
    are computed from the scaled sizes, as if the file had been written with them."""

    def __init__(self, g, overrides):
        super().__init__()
        self.g = g
        self.overrides = overrides

    def __setitem__(self, k, v):
        o = self.overrides.get(k)
        if o is not None and type(v) is int and v == o[0]:
            v = o[1]
        self.g[k] = v
        dict.__setitem__(self, k, v)

    def __delitem__(self, k):
        self.g.pop(k, None)
        dict.__delitem__(self, k)

    def __getitem__(self, k):
        return self.g[k]

    def __contains__(self, k):
        return k in self.g


def exec_source(src, path, ns=None, overrides=None):
    """Executes a problem or candidate file in ns (KernelBench's context dict).
    overrides: {name: (old, new)} size constants assigned new values."""
    ns = {} if ns is None else ns
    ns.setdefault("__name__", "__kfix_candidate__")
    ns.setdefault("__file__", path)
    code = compile(src, path, "exec")
    if overrides:
        exec(code, ns, _Overriding(ns, overrides))
    else:
        exec(code, ns)
    return ns


def _numel(x):
    import torch
    if isinstance(x, torch.Tensor):
        return x.numel()
    if isinstance(x, (list, tuple)):
        return sum(_numel(v) for v in x)
    return 0


def _size_names(ns, smallest=32):
    names = set()
    for fn in ("get_inputs", "get_init_inputs"):
        f = ns.get(fn)
        if f is not None and hasattr(f, "__code__"):
            names.update(f.__code__.co_names)
    out = []
    for n in sorted(names):
        v = ns.get(n)
        if type(v) is int and v >= smallest:
            out.append(n)
    return out


def scale_problem(ns, max_elements, seed=42, floor=16, smallest=32):
    """Scales the problem's own size constants down (largest first, halving) until one
    draw of get_inputs() holds at most max_elements elements. A constant takes part when
    it is at least `smallest`, and is not halved below `floor`. Returns {name: (old, new)}."""
    changed = {}
    names = _size_names(ns, smallest)
    for _ in range(64):
        set_seed(seed)
        try:
            n = _numel(ns["get_inputs"]())
        except Exception:
            break
        if n <= max_elements or not names:
            break
        names.sort(key=lambda k: -ns[k])
        k = names[0]
        v = ns[k]
        nv = max(floor, v // 2)
        if nv == v:
            names.pop(0)
            continue
        changed.setdefault(k, [v, nv])[1] = nv
        ns[k] = nv
    # Halving the largest first brings the constants together (65535 and 32768
    # end as 1023 and 1024): sizes that differ at the benchmark's scale must
    # differ at the search's, or an edit that reads one where the kernel needs
    # the other passes there (`batch_size` for `dim`). Each constant the
    # halving brought within 1.5x of a larger one is halved again.
    for k in sorted(changed, key=lambda k: changed[k][0]):
        for o in changed:
            a0, b0 = changed[k][0], changed[o][0]
            if o == k or b0 < 1.5 * a0:
                continue
            while ns[o] < 1.5 * ns[k] and ns[k] // 2 >= floor:
                ns[k] //= 2
                changed[k][1] = ns[k]
    return {k: tuple(v) for k, v in changed.items()}


def _to_device(x, device):
    import torch
    if isinstance(x, torch.Tensor):
        return x.to(device)
    return x


def _first_tensor(out):
    import torch
    if isinstance(out, torch.Tensor):
        return out
    if isinstance(out, (list, tuple)) and out and isinstance(out[0], torch.Tensor):
        return out[0]
    return out


def unmatched_parameters(ref, new):
    """ModelNew's floating-point parameters and buffers that hold values no tensor of
    Model holds (as stored, transposed or flattened). Both models are built under the
    same seed, so a candidate that keeps the reference's modules (nn.Linear, ...) or
    copies their tensors matches; one that draws its own (torch.randn in place of
    nn.Linear's initialisation) does not, and its outputs cannot match whatever its
    kernels do. Returns [(name, shape)]."""
    import torch
    pool = {}
    for t in list(ref.parameters()) + list(ref.buffers()):
        if t.is_floating_point():
            pool.setdefault(t.numel(), []).append(t.detach())

    def matches(t):
        for r in pool.get(t.numel(), []):
            if r.shape == t.shape and torch.equal(r, t):
                return True
            if r.dim() == 2 and r.t().shape == t.shape and torch.equal(r.t(), t):
                return True
            if torch.equal(r.reshape(-1), t.reshape(-1)):
                return True
        return False

    out = []
    named = list(new.named_parameters()) + list(new.named_buffers())
    for name, t in named:
        if not t.is_floating_point() or t.numel() < 2:
            continue
        t = t.detach()
        if not matches(t):
            out.append((name, tuple(t.shape)))
    return out


def uses_tf32(device):
    """Whether torch computes fp32 convolutions or matmuls with TF32 on `device`."""
    if device != "cuda":
        return False
    import torch
    return bool(torch.backends.cudnn.allow_tf32 or torch.backends.cuda.matmul.allow_tf32)


@contextlib.contextmanager
def strict_fp32():
    """TF32 off for cuDNN and cuBLAS inside the block (restored after)."""
    import torch
    saved = (torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32)
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        yield
    finally:
        torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32 = saved


# Elements compared at a time: the comparison's temporaries (|a - b|, the tolerance,
# torch.allclose's own) are each the output's size; at a level-1 problem's 8.6 GiB
# outputs they alone would fill an 80 GB card.
COMPARE_CHUNK = 1 << 24


def compare(out, out_new, atol, rtol, chunk=None):
    """The trial's numbers ({max_diff, avg_diff, wrong_elements, elements, _ok}):
    torch.allclose(out, out_new) (the benchmark's check) and the count of elements
    outside atol + rtol * |out|, computed over slices of the flattened outputs."""
    import torch
    chunk = chunk or COMPARE_CHUNK
    a_all = out.detach().reshape(-1)
    b_all = out_new.detach().reshape(-1)
    n = a_all.numel()
    ok, wrong, mx, total = True, 0, 0.0, 0.0
    for lo in range(0, n, chunk):
        a = a_all[lo:lo + chunk]
        b = b_all[lo:lo + chunk]
        ok = ok and bool(torch.allclose(a, b.to(a.dtype), atol=atol, rtol=rtol))
        af, bf = a.float(), b.float()
        diff = (af - bf).abs()
        m = float(diff.max().item())
        if not math.isnan(mx) and (math.isnan(m) or m > mx):
            mx = m  # a NaN stays the maximum, as diff.max() over the whole has it
        total += float(diff.double().sum().item())
        wrong += int((~(diff <= atol + rtol * af.abs())).sum().item())
        del a, b, af, bf, diff
    return {"max_diff": mx, "avg_diff": total / n if n else 0.0, "wrong_elements": wrong,
            "elements": n, "_ok": ok}


def evaluate(problem_ns, candidate_ns, device, atol, rtol, trials=5, seed=42, on_trial=None,
             on_trial_start=None):
    """Returns the verdict dict. Exceptions of the candidate become its runtime_error.
    on_trial(rec, out, out_new, inputs, models=(Model, ModelNew, trial seed)) after each
    compared trial; on_trial_start() before each ModelNew forward."""
    import torch
    v = {"compiled": True, "correctness": False, "trials": [], "metadata": {}}
    Model = problem_ns.get("Model")
    ModelNew = candidate_ns.get("ModelNew")
    if Model is None:
        raise ValueError("the problem defines no Model")
    if ModelNew is None:
        v["compiled"] = False
        v["metadata"]["compilation_error"] = "the candidate defines no ModelNew"
        return v
    get_inputs = problem_ns["get_inputs"]
    get_init_inputs = problem_ns.get("get_init_inputs", lambda: [])
    set_seed(seed)
    init_inputs = [_to_device(x, device) for x in get_init_inputs()]
    with torch.no_grad():
        set_seed(seed)
        ref = Model(*init_inputs).to(device)
    from . import HarnessError
    try:
        with torch.no_grad():
            set_seed(seed)
            new = ModelNew(*init_inputs).to(device)
    except HarnessError:
        raise
    except Exception as e:
        v["correctness"] = False
        v["runtime_error"] = "%s: %s" % (type(e).__name__, e)
        v["metadata"]["runtime_error_traceback"] = traceback.format_exc()[-4000:]
        return v
    try:
        um = unmatched_parameters(ref, new)
    except Exception:  # an exotic module: no finding rather than a harness error
        um = []
    if um:
        v["metadata"]["unmatched_parameters"] = ["%s %s" % (n, list(sh)) for n, sh in um]
    # Running statistics of batch-norm layers that normalize with the batch's own
    # statistics in the reference (training mode, the benchmark's default): a
    # kernel handed these computes inference batch norm.
    running = {}
    try:
        for name, m in new.named_modules():
            if (isinstance(m, torch.nn.modules.batchnorm._BatchNorm) and m.training
                    and m.track_running_stats and m.running_mean is not None):
                running[m.running_mean.data_ptr()] = name + ".running_mean"
                running[m.running_var.data_ptr()] = name + ".running_var"
    except Exception:
        running = {}
    v["running_stat_ptrs"] = running
    torch.manual_seed(seed)
    trial_seeds = [int(torch.randint(0, 2 ** 32 - 1, (1,)).item()) for _ in range(trials)]
    passed = 0
    with torch.no_grad():
        for t, ts in enumerate(trial_seeds):
            rec = {"trial": t, "seed": ts}
            set_seed(ts)
            inputs = [_to_device(x, device) for x in get_inputs()]
            set_seed(ts)
            out = _first_tensor(ref(*inputs))
            if device == "cuda":
                torch.cuda.synchronize()
            try:
                if on_trial_start:
                    on_trial_start()
                set_seed(ts)
                out_new = _first_tensor(new(*inputs))
                if device == "cuda":
                    torch.cuda.synchronize()
            except HarnessError:
                raise
            except Exception as e:
                rec["runtime_error"] = "%s: %s" % (type(e).__name__, e)
                v["trials"].append(rec)
                v["runtime_error"] = rec["runtime_error"]
                v["metadata"]["runtime_error_traceback"] = traceback.format_exc()[-4000:]
                break
            if not isinstance(out_new, torch.Tensor):
                rec["error"] = "ModelNew returned %s, not a tensor" % type(out_new).__name__
                v["trials"].append(rec)
                v["metadata"]["correctness_issue"] = rec["error"]
                break
            if tuple(out.shape) != tuple(out_new.shape):
                rec["shape_ok"] = False
                rec["error"] = "Output shape mismatch: Expected %s, got %s" % (
                    tuple(out.shape), tuple(out_new.shape))
                v["trials"].append(rec)
                v["metadata"]["correctness_issue"] = rec["error"]
                break
            rec["shape_ok"] = True
            rec.update(compare(out, out_new, atol, rtol))
            ok = rec.pop("_ok")
            rec["ok"] = ok
            v["trials"].append(rec)
            if on_trial:
                on_trial(rec, out, out_new, inputs, models=(ref, new, ts))
            if ok:
                passed += 1
            else:
                v["metadata"].setdefault("correctness_issue", "Output mismatch")
                v["metadata"]["max_difference"] = rec["max_diff"]
                v["metadata"]["avg_difference"] = rec["avg_diff"]
                break
            # The next trial's inputs are made before these names are rebound: at
            # 32768 x 65535 (8.6 GiB a tensor) the old ones would still be held.
            del inputs, out, out_new
    v["correctness"] = passed == trials
    v["metadata"]["correctness_trials"] = "(%d / %d)" % (passed, trials)
    return v
