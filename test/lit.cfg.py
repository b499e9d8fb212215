# -*- Python -*-
# lit configuration for kfix. Features:
#   cuda     an NVIDIA driver with a device is present (GPU tests REQUIRE it)
#   nvcc     the CUDA toolkit's nvcc is installed
#   nvrtc    libnvrtc can be opened (the delivery's compile check, SourceCompile.h)
#   plugins  kfix-opt can load pass plugins (not in the static portable build)

import os
import re
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "kfix"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".cu", ".test", ".json"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt",
                   "README.md", "corpus", "tasks", "fixtures", "Unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kfix_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%kfix_src", config.kfix_src_root))
config.substitutions.append(("%kfix_obj", config.kfix_obj_root))
config.substitutions.append(("%python", sys.executable))

llvm_config.with_system_environment(["HOME", "TMPDIR", "CUDA_HOME", "KFIX_TEST_CUDA"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.kfix_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tools = ["kfix", "kfix-opt", "kfix-translate"]
llvm_config.add_tool_substitutions(tools, [config.kfix_tools_dir])

def have_cuda_device():
    # A driver and at least one device: ask the driver directly, as kfix does.
    try:
        out = subprocess.run([os.path.join(config.kfix_tools_dir, "kfix"), "devices"],
                             capture_output=True, text=True, timeout=60)
        return out.returncode == 0 and "device 0" in out.stdout
    except Exception:
        return False

if have_cuda_device():
    config.available_features.add("cuda")
else:
    lit_config.note("no CUDA driver or device: tests that REQUIRE cuda are skipped")

def cuda_toolkit_root(nvcc):
    # The toolkit that nvcc belongs to. nvcc on PATH may be a wrapper script
    # (/usr/local/bin/nvcc exec'ing /usr/local/cuda-13.0/bin/nvcc), so its own
    # directory proves nothing: take the first candidate that has the headers.
    candidates = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
                  os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))]
    try:
        with open(nvcc, "rb") as f:
            head = f.read(4096).decode("utf-8", "replace")
        if head.startswith("#!"):
            for m in re.finditer(r"(/[^\s\"']+)/bin/nvcc", head):
                candidates.append(m.group(1))
    except OSError:
        pass
    candidates.append("/usr/local/cuda")
    for c in candidates:
        if c and os.path.exists(os.path.join(c, "include", "cuda.h")):
            return os.path.realpath(c)
    return os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))

nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
    # Clang as a second CUDA compiler for exported sources (test/Export).
    clangxx = os.path.join(config.llvm_tools_dir, "clang++")
    if os.path.exists(clangxx):
        config.available_features.add("clang-cuda")
        cuda_root = cuda_toolkit_root(nvcc)
        # With -nocudalib, ptxas rejects calls to libdevice math (__nv_expf):
        # link libdevice when the toolkit has it, else stop at PTX.
        libdevice = os.path.join(cuda_root, "nvvm", "libdevice")
        mode = "" if os.path.isdir(libdevice) else "-nocudalib --cuda-device-only -S "
        config.substitutions.append(
            ("%clang_cuda", f"{clangxx} -x cuda --cuda-gpu-arch=sm_90 "
                            f"--cuda-path={cuda_root} {mode}-Wno-unknown-cuda-version"))
else:
    lit_config.note("no nvcc: tests that REQUIRE nvcc are skipped")

def have_nvrtc():
    import ctypes
    for name in ["libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2"]:
        try:
            ctypes.CDLL(name)
            return True
        except OSError:
            pass
    return False

if have_nvrtc():
    config.available_features.add("nvrtc")

if not config.kfix_portable:
    config.available_features.add("plugins")
    config.substitutions.append(("%kfix_libs", os.path.join(config.kfix_obj_root, "lib")))

# What this kfix can run: `kfix run --help` lists the registered executors and
# whether the CUDA frontend is linked in.
try:
    _run_help = subprocess.run([os.path.join(config.kfix_tools_dir, "kfix"), "run", "--help"],
                               capture_output=True, text=True, timeout=60).stdout
except Exception:
    _run_help = ""
for _line in _run_help.splitlines():
    if _line.startswith("registered targets:") and " cpu" in _line:
        config.available_features.add("cpu-executor")
    if _line.startswith("cuda frontend: yes"):
        config.available_features.add("cuda-frontend")
libdevice = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                         "nvvm", "libdevice", "libdevice.10.bc")
if os.path.exists(libdevice):
    config.available_features.add("libdevice")
    config.substitutions.append(("%libdevice", libdevice))
# torch: a Python interpreter that imports torch runs the references of tasks
# imported from KernelBench (%torch_python).
def find_torch_python():
    for py in [sys.executable, shutil.which("python3"), "/usr/bin/python3"]:
        if not py or not os.path.exists(py):
            continue
        try:
            r = subprocess.run([py, "-c", "import torch"], capture_output=True, timeout=120)
            if r.returncode == 0:
                return py
        except Exception:
            pass
    return None

torch_python = find_torch_python()
if torch_python:
    config.available_features.add("torch")
    config.substitutions.append(("%torch_python", torch_python))
else:
    lit_config.note("no Python with torch: tests that REQUIRE torch are skipped")

# The tree's C++ formatting (scripts/check-format.sh): clang-format-22 and a git checkout.
if (os.path.exists("/usr/lib/llvm-22/bin/clang-format") and
        os.path.exists(os.path.join(config.kfix_src_root, ".git"))):
    config.available_features.add("clang-format")
