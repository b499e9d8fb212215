"""Shared helpers of the GPU campaign scripts (bench/gpu/*.sh, docs/gpu-campaign.md).

Python 3 standard library only. Every external command goes through run(), which
never raises: a broken task gives a row with its error, not a stopped script.
"""
import concurrent.futures
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def kfix():
    """The kfix binary: $KFIX, else `kfix` on PATH, else the build tree's."""
    for cand in (os.environ.get("KFIX"), shutil.which("kfix"),
                 os.path.join(ROOT, "build", "bin", "kfix")):
        if cand and os.path.exists(cand):
            return os.path.abspath(cand) if os.path.sep in cand else cand
    return "kfix"


def kfix_opt():
    k = kfix()
    opt = os.path.join(os.path.dirname(k), "kfix-opt")
    return [opt] if os.path.exists(opt) else [k, "opt"]


def kfix_translate():
    k = kfix()
    tr = os.path.join(os.path.dirname(k), "kfix-translate")
    return [tr] if os.path.exists(tr) else [k, "translate"]


def out_dir():
    d = os.environ.get("OUT") or os.path.join(ROOT, "gpu-out")
    os.makedirs(d, exist_ok=True)
    return d


def work_dir(name):
    base = os.environ.get("KFIX_GPU_WORK") or tempfile.gettempdir()
    d = os.path.join(base, "kfix-gpu-" + name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d, exist_ok=True)
    return d


def jobs():
    return max(1, int(os.environ.get("JOBS", min(8, os.cpu_count() or 1))))


def run(cmd, timeout=120, env=None, cwd=None):
    """Runs a command; returns {rc, out, err, ms, timed_out}; never raises."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    t0 = time.perf_counter()
    try:
        p = subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                           timeout=timeout, env=full_env, cwd=cwd, errors="replace")
        return {"rc": p.returncode, "out": p.stdout, "err": p.stderr,
                "ms": (time.perf_counter() - t0) * 1e3, "timed_out": False}
    except subprocess.TimeoutExpired as e:
        def text(x):
            return x.decode(errors="replace") if isinstance(x, bytes) else (x or "")
        return {"rc": 124, "out": text(e.stdout), "err": text(e.stderr),
                "ms": (time.perf_counter() - t0) * 1e3, "timed_out": True}
    except OSError as e:
        return {"rc": 127, "out": "", "err": str(e), "ms": 0.0, "timed_out": False}


def last_line(r, limit=160):
    """The last non-empty line of stderr (else stdout), shortened, for tables."""
    for stream in (r.get("err", ""), r.get("out", "")):
        lines = [l.strip() for l in stream.splitlines() if l.strip()]
        if lines:
            s = lines[-1]
            return s if len(s) <= limit else s[:limit - 3] + "..."
    return "rc=%s" % r.get("rc")


def json_out(r):
    """Parses a command's stdout as JSON, or else its last line that is a JSON
    object (tools such as torch's load_inline print progress first); None when
    there is none."""
    try:
        return json.loads(r["out"])
    except (ValueError, KeyError, TypeError):
        pass
    out = r.get("out") or ""
    for line in reversed(out.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                continue
    # A pretty-printed object with other lines around it (compute-sanitizer
    # prints its banner before and its summary after the tool's output).
    dec = json.JSONDecoder()
    starts = [i for i in range(len(out)) if out[i] == "{" and (i == 0 or out[i - 1] == "\n")]
    for i in reversed(starts):
        try:
            obj, _ = dec.raw_decode(out, i)
            return obj
        except ValueError:
            continue
    return None


def parallel(fn, items, n=None):
    """fn over items with a thread pool; results in input order; exceptions become
    {"exception": str}."""
    def safe(x):
        try:
            return fn(x)
        except Exception as e:  # a script bug on one task must not stop the rest
            return {"exception": "%s: %s" % (type(e).__name__, e)}
    with concurrent.futures.ThreadPoolExecutor(max_workers=n or jobs()) as ex:
        return list(ex.map(safe, items))


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(x, digits=4):
    if x is None:
        return "n/a"
    if isinstance(x, float):
        return "%.*g" % (digits, x)
    return str(x)


def md_escape(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


class Report:
    """One markdown summary file under $OUT, rewritten (atomically) after each row,
    so a step killed by its timeout still leaves what it measured."""

    def __init__(self, name, title, intro=""):
        self.path = os.path.join(out_dir(), name)
        self.title, self.intro = title, intro
        self.sections = []  # (heading, columns, rows, notes)
        self.data = {}
        self.t0 = time.time()

    def table(self, heading, columns, notes=""):
        sec = {"heading": heading, "columns": columns, "rows": [], "notes": notes}
        self.sections.append(sec)
        return sec

    def add(self, sec, row):
        sec["rows"].append(row)
        self.write()

    def write(self):
        lines = ["# " + self.title, ""]
        if self.intro:
            lines += [self.intro, ""]
        lines += ["kfix: `%s`, host: `%s`, written %s (%.0f s into the step)." % (
            kfix(), os.uname().nodename, time.strftime("%Y-%m-%d %H:%M:%S"),
            time.time() - self.t0), ""]
        for sec in self.sections:
            lines += ["## " + sec["heading"], ""]
            if sec["notes"]:
                lines += [sec["notes"], ""]
            lines.append("| " + " | ".join(sec["columns"]) + " |")
            lines.append("|" + "---|" * len(sec["columns"]))
            for row in sec["rows"]:
                lines.append("| " + " | ".join(md_escape(fmt(c)) for c in row) + " |")
            lines.append("")
        if self.data:
            lines += ["## Raw data", "", "```json",
                      json.dumps(self.data, indent=1, sort_keys=True, default=str), "```", ""]
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(lines))
        os.replace(tmp, self.path)


# ---------------------------------------------------------------------------
# Tasks
# ---------------------------------------------------------------------------

RACE_RE = re.compile(r"sync|barrier|race", re.I)
BOUNDS_RE = re.compile(r"tail|bound|guard|oob|grid-?stride|stride|padding|dim|swap|"
                       r"inclusive|extra|short|off-?by", re.I)


def _task(path, origin, fixed=None):
    try:
        with open(path) as f:
            j = json.load(f)
    except (OSError, ValueError):
        j = {}
    d = os.path.dirname(os.path.abspath(path))
    bugs = (j.get("kfix_bench") or {}).get("bugs") or []
    ident = os.path.relpath(d, ROOT) if d.startswith(ROOT + os.sep) else d
    if os.path.basename(path) != "task.json":
        ident = os.path.join(ident, os.path.basename(path))
    text = " ".join([os.path.basename(d), j.get("name", "")] + list(bugs))
    return {"id": ident, "task": os.path.abspath(path), "dir": d, "name": j.get("name", ""),
            "fixed": fixed if fixed and os.path.exists(fixed) else None, "bugs": bugs,
            "origin": origin, "race": bool(RACE_RE.search(text)),
            "bounds": bool(BOUNDS_RE.search(text)), "sizes": len(j.get("sizes", []))}


def collect_tasks(with_tests=True):
    """Every task the campaign knows: bench/tasks (fixed.cu as the fixed candidate),
    kb/examples (after.cu), examples/near-miss, bench/gpu/tasks, $KFIX_TASK_DIRS
    (colon-separated directories of */task.json), and test/Driver's saxpy."""
    tasks = []
    roots = [("bench/tasks", "bench", "fixed.cu"), ("kb/examples", "kb", "after.cu"),
             ("examples/near-miss", "example", "fixed.cu"), ("bench/gpu/tasks", "gpu", "fixed.cu")]
    for rel, origin, fixed in roots:
        for p in sorted(glob.glob(os.path.join(ROOT, rel, "*", "task.json"))):
            tasks.append(_task(p, origin, os.path.join(os.path.dirname(p), fixed)))
    for extra in filter(None, os.environ.get("KFIX_TASK_DIRS", "").split(":")):
        for p in sorted(glob.glob(os.path.join(extra, "*", "task.json"))):
            d = os.path.dirname(p)
            fixed = next((os.path.join(d, f) for f in ("fixed.cu", "after.cu")
                          if os.path.exists(os.path.join(d, f))), None)
            tasks.append(_task(p, "extra", fixed))
    if with_tests:
        p = os.path.join(ROOT, "test", "Driver", "Inputs", "run", "saxpy.json")
        if os.path.exists(p):
            tasks.append(_task(p, "test"))
    seen, unique = set(), []
    for t in tasks:
        if t["task"] not in seen:
            seen.add(t["task"])
            unique.append(t)
    return unique


def cpu_mode():
    """KFIX_GPU_BENCH_TARGET=cpu: the local dry run (no GPU)."""
    return os.environ.get("KFIX_GPU_BENCH_TARGET", "cuda") == "cpu"


def target():
    return "cpu" if cpu_mode() else "cuda"
