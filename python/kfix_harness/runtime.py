"""The harness runtime: the core extension (launch ABI, allocation extents, copies),
the kfix exec-server process that runs kernels, and what happens at one launch.

A launch from a candidate's wrapper reaches `Runtime.on_launch` with the kernel's key,
the launch configuration and the raw arguments. Each pointer argument is staged (the
bytes from the pointer to the end of its allocation) into one shared-memory file,
kfix runs the kernel chosen for that key (the original lift, or a variant the
debugger installed) on its CPU or CUDA executor, and the bytes are copied back.
"""
import contextlib
import ctypes
import fcntl
import hashlib
import json
import mmap
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from . import HarnessError

SHIM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shim")
CPU_INCLUDE = os.path.join(SHIM_DIR, "cpu_include")


class Dim(ctypes.Structure):
    _fields_ = [("x", ctypes.c_longlong), ("y", ctypes.c_longlong), ("z", ctypes.c_longlong)]


class Arg(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int),
        ("p", ctypes.c_void_p),
        ("i", ctypes.c_longlong),
        ("f", ctypes.c_double),
        ("rank", ctypes.c_int),
        ("sizes", ctypes.c_longlong * 8),
        ("strides", ctypes.c_longlong * 8),
        ("type", ctypes.c_char_p),
    ]


K_PTR, K_INT, K_FLOAT, K_ACCESSOR, K_UNSUPPORTED, K_SYMBOL = range(6)

CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(Dim),
                            ctypes.POINTER(Dim), ctypes.c_size_t, ctypes.c_void_p,
                            ctypes.POINTER(Arg), ctypes.c_int)


# A device allocation larger than this is narrowed to the block of torch's caching
# allocator that holds the pointer (allocator_block).
NARROW_ABOVE = 16 << 20


def allocator_block(p, snapshot=None):
    """(start, bytes) of the block of torch's CUDA caching allocator that holds p, or
    None. A tensor a wrapper allocates (torch::empty_like) is carved out of a cached
    segment: the driver's extent of its pointer is the whole segment (8 GiB left by an
    earlier launch at the benchmark's sizes), which would stage and capture memory
    that is not the tensor's and put the launch beyond the capture budget."""
    try:
        if snapshot is None:
            import torch
            if not torch.cuda.is_available():
                return None
            snapshot = torch.cuda.memory_snapshot()
        for seg in snapshot:
            start = seg.get("address", 0)
            if not start <= p < start + seg.get("total_size", 0):
                continue
            addr = start
            for blk in seg.get("blocks", []):
                a = blk.get("address", addr)
                size = blk.get("size", 0)
                if a <= p < a + size:
                    return (a, size) if blk.get("state") != "inactive" else None
                addr = a + size
            return None
    except Exception:  # an allocator without snapshots: the driver's extent stands
        return None
    return None


def capture_budget():
    """Bytes the launch captures of a debug run may hold (before and after each
    launch's buffers): an eighth of the available memory, 1 to 4 GiB (several
    cases run side by side); KFIX_CAPTURE_BUDGET (bytes) sets it."""
    env = os.environ.get("KFIX_CAPTURE_BUDGET")
    if env:
        try:
            return max(0, int(env))
        except ValueError:
            raise HarnessError("KFIX_CAPTURE_BUDGET=%r: not a number of bytes" % env)
    avail = None
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    avail = int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    if not avail:
        return 1 << 30
    return max(1 << 30, min(4 << 30, avail // 8))


def kfix_binary():
    b = os.environ.get("KFIX_BIN")
    if b and os.path.exists(b):
        return b
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in [os.path.join(here, "..", "..", "build", "bin", "kfix"),
                 os.path.join(here, "..", "..", "..", "bin", "kfix")]:
        if os.path.exists(cand):
            return os.path.abspath(cand)
    w = shutil.which("kfix")
    if w:
        return w
    raise HarnessError("kfix harness: cannot find the kfix binary (set KFIX_BIN)")


def use_ccache():
    """Extension builds through ccache where Debian's masquerade directory exists
    (torch's ninja calls `c++`); KFIX_HARNESS_CCACHE=0 turns it off."""
    d = "/usr/lib/ccache"
    if os.environ.get("KFIX_HARNESS_CCACHE", "1") != "0" and os.path.exists(os.path.join(d, "c++")):
        path = os.environ.get("PATH", "")
        if not path.startswith(d):
            os.environ["PATH"] = d + os.pathsep + path


def cache_root():
    d = os.environ.get("KFIX_HARNESS_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "kfix", "harness")
    os.makedirs(d, exist_ok=True)
    return d


class ServerDied(HarnessError):
    """The exec-server process exited or closed its output mid-request."""


def _describe_exit(rc):
    if rc is None:
        return "still running but closed its output"
    if rc < 0:
        try:
            return "killed by %s" % signal.Signals(-rc).name
        except ValueError:
            return "killed by signal %d" % -rc
    return "exited with status %d" % rc


class Server:
    """The `kfix exec-server` child: JSON lines in, JSON lines out."""

    def __init__(self, target, log_path):
        self.target = target
        self.log_path = log_path
        self.log = open(log_path, "ab")
        self.log_start = self.log.tell()
        self.proc = subprocess.Popen([kfix_binary(), "exec-server", "--target", target],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log)
        self.requests = 0

    def _log_tail(self, limit=600):
        """The end of what this server wrote to its log, on one line."""
        try:
            self.log.flush()
            with open(self.log_path, "rb") as f:
                f.seek(self.log_start)
                text = f.read().decode("utf-8", "replace")
        except OSError:
            return ""
        text = " | ".join(l.strip() for l in text.strip().splitlines() if l.strip())
        return text[-limit:]

    def _died(self, what):
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        tail = self._log_tail()
        raise ServerDied("kfix harness: the kfix exec-server %s at request %d (%s)%s; log: %s"
                         % (what, self.requests + 1, _describe_exit(self.proc.poll()),
                            ("; its last output: " + tail) if tail else "", self.log_path))

    def call(self, req):
        if self.proc.poll() is not None:
            self._died("had exited")
        try:
            self.proc.stdin.write((json.dumps(req) + "\n").encode())
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (BrokenPipeError, ConnectionResetError):
            line = b""
        if not line:
            self._died("stopped answering")
        self.requests += 1
        return json.loads(line)

    def kill(self):
        """Ends the process without asking (used by KFIX_HARNESS_FAULT)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b'{"op":"quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except Exception:
                self.proc.kill()
        self.log.close()


MAX_RESTARTS = 2


def big_launch_bytes():
    """Launches that stage more than this many bytes (KFIX_BIG_LAUNCH, default
    1 GiB) run one at a time across the machine's harness runs: each holds its
    buffers about four times in host memory (the staging file, the exec-server's
    copies), and a few such launches side by side had the kernel's OOM killer
    end the exec-servers (SIGKILL)."""
    env = os.environ.get("KFIX_BIG_LAUNCH")
    if env:
        try:
            return max(0, int(env))
        except ValueError:
            raise HarnessError("KFIX_BIG_LAUNCH=%r: not a number of bytes" % env)
    return 1 << 30


@contextlib.contextmanager
def big_launch_turn(total):
    """Waits for this machine's other harness runs to finish their big launch
    (an exclusive flock, released when the process ends, killed or not)."""
    if total <= big_launch_bytes():
        yield
        return
    path = os.path.join(tempfile.gettempdir(), "kfix-harness-big-launch.lock")
    with open(path, "a+b") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def _fault_launch():
    """KFIX_HARNESS_FAULT=kill-server:N kills the exec-server just before the N-th
    launch request of a run (a test of the restart path)."""
    v = os.environ.get("KFIX_HARNESS_FAULT", "")
    if not v:
        return None
    kind, _, n = v.partition(":")
    if kind != "kill-server" or not n.isdigit() or int(n) < 1:
        raise HarnessError("KFIX_HARNESS_FAULT=%r: expected kill-server:N (N >= 1)" % v)
    return int(n)


def _norm(key):
    return key.replace(" ", "")


class Runtime:
    """One harness run: the target, the server, the loaded kernel modules, launches."""

    def __init__(self, target, workdir, verbose=False):
        self.target = target  # "cpu" or "cuda"
        self.workdir = workdir
        self.verbose = verbose
        os.makedirs(workdir, exist_ok=True)
        self.core = None
        self.server = None
        self.modules = {}      # module id -> {"kernels": {normname: kernel json}, "manifest": ...}
        self.kernel_index = {}  # normalized kernel key -> (module id, kernel name)
        self.override = {}     # (module id, kernel name) -> module id of the variant to run
        self.launches = []     # log of launches: dicts
        self.record = None     # when a list: launches append their findings here
        self.faults = []
        self.capture = False     # keep the bytes of each launch's buffers (debugging)
        self.capture_budget = capture_budget()
        self.known = []        # (ptr, bytes) of tensors seen at extension calls
        self.ext_counter = 0   # extension calls in the current forward
        self.ext_calls = None  # when a list: each call's result (debug.Capture)
        self.substitute = None  # (call index, tensor): that call returns the tensor
        self.stage_dir = tempfile.mkdtemp(prefix="kfix-stage-", dir="/dev/shm"
                                          if os.path.isdir("/dev/shm") else None)
        self._cb = CALLBACK(self._on_launch)
        self.loaded = {}        # module id -> lifted MLIR path, in load order (restarts)
        self.server_restarts = []  # why each restart of the exec-server happened
        self.fault_at = _fault_launch()  # KFIX_HARNESS_FAULT=kill-server:N
        self.launch_requests = 0
        # cuda target: launches on the tensors' own GPU memory (CUDA IPC), no
        # host staging; KFIX_HARNESS_IPC=0 stages every launch through a file.
        self.shared_ok = target == "cuda" and os.environ.get("KFIX_HARNESS_IPC", "1") != "0"
        self.shared_launches = 0
        self.staged_launches = 0
        self.shared_why_not = None  # why a launch was staged instead (the first reason)

    # -- core extension -------------------------------------------------------
    def build_core(self):
        from torch.utils import cpp_extension
        use_ccache()
        src = open(os.path.join(SHIM_DIR, "core.cpp")).read()
        digest = hashlib.sha256((src + self.target + open(os.path.join(SHIM_DIR, "kfix_rt.h"))
                                 .read()).encode()).hexdigest()[:12]
        name = "kfix_core_%s_%s" % (self.target, digest)
        bdir = os.path.join(cache_root(), name)
        os.makedirs(bdir, exist_ok=True)
        flags = ["-O2", "-std=c++17"]
        if self.target == "cpu":
            flags.append("-DKFIX_RT_CPU")
        inc = [SHIM_DIR] + ([CPU_INCLUDE] if self.target == "cpu" else []) + cuda_includes()
        orig = getattr(cpp_extension, "_kfix_original_load_inline", cpp_extension.load_inline)
        mod = orig(name=name, cpp_sources=[src], extra_cflags=flags, extra_include_paths=inc,
                   build_directory=bdir, with_cuda=(self.target == "cuda"),
                   verbose=self.verbose)
        path = os.path.join(bdir, name + ".so")
        lib = ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_GLOBAL)
        lib.kfix_rt_set_callback.argtypes = [CALLBACK]
        lib.kfix_rt_set_error.argtypes = [ctypes.c_char_p]
        lib.kfix_rt_extent.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulonglong),
                                       ctypes.POINTER(ctypes.c_ulonglong)]
        lib.kfix_rt_copy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulonglong,
                                     ctypes.c_int]
        lib.kfix_rt_pointer_kind.argtypes = [ctypes.c_void_p]
        lib.kfix_rt_last_error.restype = ctypes.c_char_p
        lib.kfix_rt_ipc_handle.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.kfix_rt_set_callback(self._cb)
        if self.target == "cpu":
            lib.kfix_rt_install_tracking()
        self.core = lib
        self.core_module = mod
        return lib

    def start_server(self):
        self.server = Server(self.target, os.path.join(self.workdir, "exec-server.log"))

    def call(self, req):
        """One request to the exec-server. A server that dies (killed for memory
        beside other cases, a crash in a kernel's executor) is started again, given
        back every module it had loaded, and the request is sent once more; after
        MAX_RESTARTS restarts in one run the death is the run's error."""
        if req.get("op") == "launch":
            self.launch_requests += 1
            if self.fault_at is not None and self.launch_requests == self.fault_at:
                self.server.kill()
        try:
            return self.server.call(req)
        except ServerDied as e:
            staged = sum(a.get("bytes", 0) for a in req.get("args", []) if isinstance(a, dict))
            if "SIGKILL" in str(e) and staged > big_launch_bytes():
                e = ServerDied("%s (the launch staged %.1f GiB: the kernel's OOM killer ends "
                               "processes with SIGKILL)" % (e, staged / float(1 << 30)))
            if len(self.server_restarts) >= MAX_RESTARTS:
                raise e
            self.server_restarts.append(str(e))
            sys.stderr.write("%s; starting it again\n" % e)
            self.server.close()
            self.start_server()
            for mid, path in self.loaded.items():
                r = self.server.call({"op": "load", "id": mid, "mlir": path})
                if not r.get("ok"):
                    raise HarnessError("kfix harness: the restarted exec-server could not load "
                                       "%s again: %s" % (path, r.get("error")))
            return self.server.call(req)

    def close(self):
        if self.server:
            self.server.close()
            self.server = None
        shutil.rmtree(self.stage_dir, ignore_errors=True)
        shutil.rmtree(os.path.join(self.workdir, "stage"), ignore_errors=True)

    # -- modules ----------------------------------------------------------------
    def load_module(self, mid, mlir_path, manifest):
        r = self.call({"op": "load", "id": mid, "mlir": mlir_path})
        if r.get("ok"):
            self.loaded[mid] = mlir_path
        if not r.get("ok"):
            raise HarnessError("kfix harness: kfix could not load the lifted kernels: %s"
                               % r.get("error"))
        kernels = {}
        for k in r.get("kernels", []):
            kernels[_norm(k["name"])] = k
            self.kernel_index.setdefault(_norm(k["name"]), (mid, k["name"]))
            self.kernel_index.setdefault(_norm(k.get("symbol", k["name"])), (mid, k["name"]))
        self.modules[mid] = {"kernels": kernels, "manifest": manifest, "mlir": mlir_path}
        return kernels

    def load_variant(self, vid, mlir_path):
        r = self.call({"op": "load", "id": vid, "mlir": mlir_path})
        if r.get("ok"):
            self.loaded[vid] = mlir_path
        if not r.get("ok"):
            return r.get("error") or "load failed"
        return None

    # -- one launch ---------------------------------------------------------------
    def _extent(self, p):
        b = ctypes.c_ulonglong()
        n = ctypes.c_ulonglong()
        for (kp, kn) in self.known:
            if kp <= p < kp + kn:
                return kp, kn
        if self.core.kfix_rt_extent(ctypes.c_void_p(p), ctypes.byref(b), ctypes.byref(n)):
            if n.value > NARROW_ABOVE:
                block = allocator_block(p)
                if block is not None:
                    return block
            return b.value, n.value
        return None

    def _on_launch(self, site, key, grid, block, shmem, stream, args, nargs):
        try:
            self.launch(site, key.decode(), grid.contents, block.contents, shmem,
                        [args[i] for i in range(nargs)])
            return 0
        except HarnessError as e:
            self.core.kfix_rt_set_error(str(e).encode())
            return 1
        except Exception as e:  # never let a Python error cross the C++ frames
            self.core.kfix_rt_set_error(("kfix harness: %s: %s" % (type(e).__name__, e)).encode())
            return 1

    def resolve(self, key):
        k = self.kernel_index.get(_norm(key))
        if k is None:
            known = ", ".join(sorted(v[1] for v in self.kernel_index.values())) or "none"
            raise HarnessError("kfix harness: the launch of %s names no lifted kernel "
                               "(lifted: %s)" % (key, known), construct="kernel:" + key)
        return k

    def _stage(self, name, total):
        """A shared-memory file of the stage directory for one launch's buffers
        (at least 64 bytes), mapped; returns (path, mmap). The space is reserved
        first: a full /dev/shm (several cases side by side) would otherwise end
        the process with SIGBUS at the first write. Without room there, the
        buffers are staged in the run's folder on disk."""
        size = max(total, 64)
        for d in (self.stage_dir, os.path.join(self.workdir, "stage")):
            os.makedirs(d, exist_ok=True)
            path = os.path.join(d, name)
            with open(path, "w+b") as f:
                f.truncate(size)
                try:
                    if hasattr(os, "posix_fallocate"):
                        os.posix_fallocate(f.fileno(), 0, size)
                except OSError as e:
                    f.truncate(0)
                    last = e
                    continue
                return path, mmap.mmap(f.fileno(), size)
        raise HarnessError("kfix harness: no room to stage %d bytes of launch buffers in %s "
                           "or %s: %s" % (size, self.stage_dir, self.workdir, last))

    def replay(self, entry, pre):
        """Runs a captured launch again on the given pre-launch bytes of its regions
        (a list like entry["capture"]["pre"]); returns the post-launch bytes, or None
        when kfix could not run it. The live tensors are not touched."""
        c = entry["capture"]
        offs, total = [], 0
        for (p, n) in c["regions"]:
            offs.append(total)
            total += (n + 63) // 64 * 64
        path, mm = self._stage("replay.bin", total)
        try:
            for off, b in zip(offs, pre):
                mm[off:off + len(b)] = b
            args = [dict(a, buf=path) if "bytes" in a else a for a in c["args"]]
            resp = self.call({"op": "launch", "id": entry["module"],
                                     "kernel": entry["kernel"], "grid": entry["grid"],
                                     "block": entry["block"], "shmem": entry["shmem"],
                                     "args": args})
            # The candidate's own faults (an out-of-bounds read) were there in the
            # captured run too: its result still says what the launch depends on.
            if not resp.get("ok"):
                return None
            return [bytes(mm[off:off + n]) for off, (p, n) in zip(offs, c["regions"])]
        finally:
            mm.close()

    @staticmethod
    def _with_constants(site, kname, params, args):
        """The launch's own arguments, then the `__constant__` symbols the lifted
        kernel takes as trailing arguments (params marked "constant"), by name; the
        rewritten launch passes every __constant__ of the file declared before it."""
        own = [a for a in args if a.kind != K_SYMBOL]
        syms = {}
        for a in args:
            if a.kind == K_SYMBOL:
                syms.setdefault((a.type or b"").decode(), a)
        wanted = [p for p in params if p.get("constant")]
        if not wanted:
            return own
        if len(own) + len(wanted) != len(params):
            return own  # the argument count check names the mismatch
        out = list(own)
        for p in params[len(own):]:
            name = p.get("name", "")
            a = syms.get(name)
            if a is None:
                raise HarnessError("kfix harness: %s reads the __constant__ variable '%s', which "
                                   "the launch (site %d) does not pass: it is not declared in "
                                   "the candidate's source before the launch"
                                   % (kname, name, site), construct="constant:" + name)
            out.append(a)
        return out

    def _make_room(self, total):
        """Older captures make room for this launch's (the launch that matters
        is the latest); True when the capture budget then holds it."""
        if 2 * total > self.capture_budget:
            for old in self.launches:
                c = old.get("capture")
                if c:
                    self.capture_budget += c.get("bytes", 0)
                    del old["capture"]
                    if 2 * total <= self.capture_budget:
                        break
        return 2 * total <= self.capture_budget

    def _run_staged(self, head, kname, regions, req_args, total):
        """The launch on copies of its buffers: each region staged into one
        shared-memory file, run by the exec-server, copied back."""
        with big_launch_turn(total):
            path, mm = self._stage("launch.bin", total)
            try:
                addr = ctypes.addressof(ctypes.c_char.from_buffer(mm))
                for (p, n, dev, off) in regions:
                    if self.core.kfix_rt_copy(ctypes.c_void_p(addr + off), ctypes.c_void_p(p), n,
                                              1 if dev else 0):
                        raise HarnessError(self.core.kfix_rt_last_error().decode())
                for ra in req_args:
                    if "bytes" in ra:
                        ra["buf"] = path
                pre = None
                if self.capture and self._make_room(total):
                    pre = [bytes(mm[off:off + n]) for (p, n, dev, off) in regions]
                t0 = time.time()
                resp = self.call(dict(head, args=req_args))
                wall = (time.time() - t0) * 1000
                if not resp.get("ok"):
                    raise HarnessError("kfix harness: kfix could not run %s: %s"
                                       % (kname, resp.get("error")))
                post = None
                if pre is not None:
                    post = [bytes(mm[off:off + n]) for (p, n, dev, off) in regions]
                    self.capture_budget -= 2 * total
                for (p, n, dev, off) in regions:
                    if self.core.kfix_rt_copy(ctypes.c_void_p(p), ctypes.c_void_p(addr + off), n,
                                              2 if dev else 0):
                        raise HarnessError(self.core.kfix_rt_last_error().decode())
                del addr
            finally:
                try:
                    mm.close()
                except BufferError:
                    pass
        return resp, pre, post, wall

    def _shared_handles(self, regions, args):
        """On the cuda target, a CUDA IPC handle (hex) per device allocation the
        launch touches, so that the exec-server runs the kernel on the tensors'
        own memory; None when the launch is staged instead (the first reason is
        kept for verdict.json): the CPU target, KFIX_HARNESS_IPC=0, an accessor
        with strides that are not dense, memory that cannot be shared."""
        if not self.shared_ok or not any(r[2] for r in regions):
            return None
        for a in args:
            if a.kind == K_ACCESSOR:
                dense = 1
                for d in range(a.rank - 1, -1, -1):
                    if a.sizes[d] > 1 and a.strides[d] != dense:
                        self.shared_why_not = self.shared_why_not or \
                            "an accessor argument with strides that are not dense"
                        return None
                    dense *= a.sizes[d]
        handles = {}  # region index -> (handle, offset of the pointer in the allocation)
        by_base = {}
        buf = ctypes.create_string_buffer(64)
        b, n = ctypes.c_ulonglong(), ctypes.c_ulonglong()
        for i, (p, nbytes, dev, off) in enumerate(regions):
            if not dev:
                continue
            # The allocation itself (the region may be narrowed to a tensor's
            # storage): an IPC handle maps the whole of it.
            if not self.core.kfix_rt_extent(ctypes.c_void_p(p), ctypes.byref(b), ctypes.byref(n)):
                self.shared_why_not = self.shared_why_not or \
                    "no device allocation found for a pointer argument"
                return None
            base = b.value
            if base not in by_base:
                if self.core.kfix_rt_ipc_handle(ctypes.c_void_p(base), buf):
                    self.shared_why_not = self.shared_why_not or \
                        self.core.kfix_rt_last_error().decode()
                    return None
                by_base[base] = buf.raw.hex()
            handles[i] = (by_base[base], p - base)
        return handles

    def _copy_out(self, p, n, dev):
        out = ctypes.create_string_buffer(max(n, 1))
        if self.core.kfix_rt_copy(out, ctypes.c_void_p(p), n, 1 if dev else 0):
            raise HarnessError(self.core.kfix_rt_last_error().decode())
        return out.raw[:n]

    def _run_shared(self, head, kname, regions, req_args, arg_region, handles, total):
        """The launch on the tensors' own GPU memory (CUDA IPC handles): nothing
        is staged but the host variables of `__constant__` symbols; the bytes
        before and after are copied out only when the launch is captured."""
        if self.core.kfix_rt_device_sync():
            raise HarnessError("kfix harness: %s" % self.core.kfix_rt_last_error().decode())
        host = [r for r in regions if not r[2]]
        host_total = sum((r[1] + 63) // 64 * 64 for r in host)
        host_off, at = {}, 0
        for r in host:
            host_off[r[0]] = at
            at += (r[1] + 63) // 64 * 64
        mm = path = None
        if host:
            path, mm = self._stage("launch-host.bin", host_total)
        try:
            args = []
            which = iter(arg_region)
            for ra in req_args:
                if "bytes" not in ra:
                    args.append(ra)
                    continue
                ri = next(which)
                (p, n, dev, off) = regions[ri]
                if dev:
                    sa = {"ipc": handles[ri][0], "offset": handles[ri][1], "bytes": n}
                else:
                    mm[host_off[p]:host_off[p] + n] = ctypes.string_at(p, n)
                    sa = {"buf": path, "offset": host_off[p], "bytes": n}
                for k in ("sizes", "strides"):
                    if k in ra:
                        sa[k] = ra[k]
                args.append(sa)
            pre = None
            if self.capture and self._make_room(total):
                pre = [self._copy_out(p, n, dev) for (p, n, dev, off) in regions]
            t0 = time.time()
            resp = self.call(dict(head, args=args))
            wall = (time.time() - t0) * 1000
            if not resp.get("ok"):
                raise HarnessError("kfix harness: kfix could not run %s: %s"
                                   % (kname, resp.get("error")))
            post = None
            if pre is not None:
                post = [self._copy_out(p, n, dev) for (p, n, dev, off) in regions]
                self.capture_budget -= 2 * total
            for (p, n, dev, off) in host:
                ctypes.memmove(p, bytes(mm[host_off[p]:host_off[p] + n]), n)
        finally:
            if mm is not None:
                mm.close()
        return resp, pre, post, wall

    def launch(self, site, key, grid, block, shmem, args):
        mid, kname = self.resolve(key)
        run_id = self.override.get((mid, kname), mid)
        kinfo = self.modules[mid]["kernels"].get(_norm(kname), {})
        params = kinfo.get("params", [])
        args = self._with_constants(site, kname, params, args)
        if params and len(params) != len(args):
            raise HarnessError("kfix harness: %s takes %d arguments, the launch passes %d"
                               % (kname, len(params), len(args)))
        # Stage the buffers.
        regions = []  # (ptr, nbytes, device, offset in file)
        by_ptr = {}
        req_args = []
        arg_region = []  # the region of each buffer argument of req_args, in order
        total = 0
        for i, a in enumerate(args):
            if a.kind in (K_PTR, K_ACCESSOR, K_SYMBOL):
                p = a.p or 0
                if p == 0:
                    req_args.append({"null": True})
                    continue
                if p not in by_ptr:
                    if a.kind == K_SYMBOL:
                        # The host variable standing for a __constant__ symbol.
                        nbytes, dev = int(a.i), False
                    else:
                        ext = self._extent(p)
                        if ext is None:
                            raise HarnessError("kfix harness: argument %d of %s points into "
                                               "no allocation the harness knows" % (i, kname))
                        base, n = ext
                        nbytes = base + n - p
                        dev = self.core.kfix_rt_pointer_kind(ctypes.c_void_p(p)) == 1
                    by_ptr[p] = len(regions)
                    regions.append((p, nbytes, dev, total))
                    total += (nbytes + 63) // 64 * 64
                r = regions[by_ptr[p]]
                arg_region.append(by_ptr[p])
                ra = {"buf": None, "offset": r[3], "bytes": r[1]}
                if a.kind == K_ACCESSOR:
                    ra["sizes"] = [a.sizes[d] for d in range(a.rank)]
                    ra["strides"] = [a.strides[d] for d in range(a.rank)]
                req_args.append(ra)
            elif a.kind == K_INT:
                req_args.append({"int": a.i})
            elif a.kind == K_FLOAT:
                req_args.append({"float": a.f})
            else:
                raise HarnessError("kfix harness: argument %d of %s has a type kfix cannot "
                                   "pass" % (i, kname))
        head = {"op": "launch", "id": run_id, "kernel": kname,
                "grid": [grid.x, grid.y, grid.z], "block": [block.x, block.y, block.z],
                "shmem": int(shmem)}
        handles = self._shared_handles(regions, args)
        if handles is not None:
            resp, pre, post, wall = self._run_shared(head, kname, regions, req_args,
                                                     arg_region, handles, total)
            self.shared_launches += 1
        else:
            resp, pre, post, wall = self._run_staged(head, kname, regions, req_args, total)
            self.staged_launches += 1
        entry = {"site": site, "key": key, "kernel": kname, "module": run_id,
                 "grid": [grid.x, grid.y, grid.z], "block": [block.x, block.y, block.z],
                 "shmem": int(shmem), "faults": resp.get("faults", []),
                 "ms": resp.get("ms"), "wall_ms": round(wall, 3),
                 "ptrs": [a.p or 0 for a in args if a.kind in (K_PTR, K_ACCESSOR)]}
        if pre is not None:
            entry["capture"] = {"bytes": 2 * total,
                                "regions": [(r[0], r[1]) for r in regions],
                                "pre": pre, "post": post, "args": req_args,
                                "params": params, "region_of_arg": [
                                    (by_ptr.get(a.p or 0)
                                     if a.kind in (K_PTR, K_ACCESSOR, K_SYMBOL)
                                     else None) for a in args]}
        elif self.capture:
            # Too large for the capture budget: the debug step may capture it again
            # at scaled sizes (cli_capture.scaled_capture).
            entry["capture_skipped"] = 2 * total
        self.launches.append(entry)
        if entry["faults"]:
            self.faults.extend(dict(f, kernel=kname) for f in entry["faults"])
            fatal = [f for f in entry["faults"] if f.get("kind") in ("device-fault", "timeout",
                                                                       "step-budget")]
            if fatal:
                raise HarnessError("kfix harness: %s: %s" % (kname, fatal[0].get("message")))


def cuda_includes():
    out = []
    for root in [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]:
        if root and os.path.exists(os.path.join(root, "include", "cuda_runtime.h")):
            out.append(os.path.join(root, "include"))
            break
    return out
