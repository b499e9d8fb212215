"""kfix harness: runs KernelBench-style candidates in real CPython and torch, with
kfix deciding which binary runs for each kernel launch of their CUDA sources.

Layout:
  cpu_mode.py     torch on the CPU for candidates written for CUDA (no GPU here)
  runtime.py      the harness core extension, the kfix exec-server, one launch
  intercept.py    torch.utils.cpp_extension.load_inline / load, through kfix
  kernelbench.py  KernelBench's own evaluation (Model vs ModelNew)
  debug.py        the launch that wrote the output captured as a kfix task; repair
  splice.py       repaired kernels spliced into the candidate's string literals
  cli.py          `kfix run-kernelbench` / `debug-kernelbench` / `import-kernelbench`
                  (capture) / `export-kernelbench` (export)
"""

class HarnessError(Exception):
    """A precise, user-facing error of the harness (not of the candidate)."""

    def __init__(self, message, construct=None):
        super().__init__(message)
        self.construct = construct
