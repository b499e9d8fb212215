"""torch on the CPU for code written for CUDA.

KernelBench candidates move models and inputs to "cuda" and synchronize the device.
Without a GPU the harness keeps every tensor on the CPU: device arguments that name
CUDA are mapped to the CPU, `.cuda()` is the identity, and the torch.cuda calls a
candidate or the benchmark makes answer as for one device. Kernels of the candidate's
CUDA sources run on kfix's CPU executor (runtime.py); everything else is real torch.
"""
import functools

import torch

_FACTORIES = [
    "randn", "rand", "randint", "randperm", "zeros", "ones", "empty", "full", "arange",
    "linspace", "logspace", "eye", "tensor", "as_tensor", "zeros_like", "ones_like",
    "empty_like", "full_like", "rand_like", "randn_like", "randint_like", "normal",
    "empty_strided", "from_numpy", "bernoulli", "multinomial", "tril_indices",
    "triu_indices", "sparse_coo_tensor",
]


def _map_device(d):
    if isinstance(d, torch.device):
        return torch.device("cpu") if d.type == "cuda" else d
    if isinstance(d, str):
        return "cpu" if d.split(":")[0] == "cuda" else d
    if isinstance(d, int):
        return "cpu"
    return d


def _map_args(args, kwargs):
    if "device" in kwargs:
        kwargs["device"] = _map_device(kwargs["device"])
    args = tuple(_map_device(a) if isinstance(a, (str, torch.device)) else a for a in args)
    return args, kwargs


def _wrap_factory(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if "device" in kwargs:
            kwargs["device"] = _map_device(kwargs["device"])
        kwargs.pop("pin_memory", None)
        return fn(*args, **kwargs)
    return wrapper


_installed = False


def install():
    """Maps CUDA to the CPU in torch's Python API. Idempotent."""
    global _installed
    if _installed:
        return
    _installed = True
    for name in _FACTORIES:
        fn = getattr(torch, name, None)
        if fn is not None:
            setattr(torch, name, _wrap_factory(fn))

    def tensor_cuda(self, *args, **kwargs):
        return self

    torch.Tensor.cuda = tensor_cuda
    orig_to = torch.Tensor.to

    def tensor_to(self, *args, **kwargs):
        args, kwargs = _map_args(args, kwargs)
        return orig_to(self, *args, **kwargs)

    torch.Tensor.to = tensor_to
    torch.Tensor.is_cuda = property(lambda self: True)
    torch.Tensor.pin_memory = lambda self, *a, **k: self

    orig_mod_to = torch.nn.Module.to

    def module_to(self, *args, **kwargs):
        args, kwargs = _map_args(args, kwargs)
        return orig_mod_to(self, *args, **kwargs)

    torch.nn.Module.to = module_to
    torch.nn.Module.cuda = lambda self, *a, **k: self

    c = torch.cuda
    c.is_available = lambda: True
    c.synchronize = lambda *a, **k: None
    c.device_count = lambda: 1
    c.current_device = lambda: 0
    c.set_device = lambda *a, **k: None
    c.manual_seed = lambda *a, **k: None
    c.manual_seed_all = lambda *a, **k: None
    c.empty_cache = lambda: None
    c.get_device_name = lambda *a, **k: "kfix CPU executor"
    c.is_initialized = lambda: True

    class _Event:
        def __init__(self, *a, **k):
            pass

        def record(self, *a, **k):
            pass

        def synchronize(self):
            pass

        def elapsed_time(self, other):
            return 0.0

    c.Event = _Event

    class _Stream:
        def __init__(self, *a, **k):
            pass

        def synchronize(self):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

    c.Stream = _Stream
    c.current_stream = lambda *a, **k: _Stream()
    c.stream = lambda s=None: _Stream()

    class _DeviceCtx:
        def __init__(self, *a, **k):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

    c.device = _DeviceCtx
