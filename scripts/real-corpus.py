#!/usr/bin/env python3
"""Extract real KernelBench candidates (LLM-generated ModelNew code) and the eval
results their authors recorded, from public repositories mirrored as bare git
directories (the session's fetch tool puts them under /work/.mirror/owner+name/repo).

Nothing here downloads anything: it only reads mirrors with `git show` / `git ls-tree`
and writes cases into an ignored cache directory (default bench/real/cache/):

    <cache>/<case-folder>/problem.py    the KernelBench reference problem
    <cache>/<case-folder>/candidate.py  the generated code, as saved
    <cache>/<case-folder>/meta.json     provenance + recorded eval result

docs/real-corpus.md describes the sources. The hold-out repositories
(technoabsurdist/KernelBench, yenhao-huang/KernelBench, HaoyangChen23/CUDABeaver)
are refused even if a mirror of them is present.

    scripts/real-corpus.py --list
    scripts/real-corpus.py                      # extract everything
    scripts/real-corpus.py --source leaderboard --only-failed --limit 20 --seed 3
    scripts/real-corpus.py --sample-dev 60 --seed 1   # writes bench/real/dev-sample.txt
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MIRROR = "/work/.mirror"
DEFAULT_OUT = os.path.join(ROOT, "bench", "real", "cache")
DEFAULT_DEV = os.path.join(ROOT, "bench", "real", "dev-sample.txt")

HOLDOUT = {"technoabsurdist/kernelbench", "yenhao-huang/kernelbench", "haoyangchen23/cudabeaver"}
UPSTREAM = "ScalingIntelligence/KernelBench"


# ---------------------------------------------------------------- git helpers

class Repo:
    def __init__(self, mirror, name):
        if name.lower() in HOLDOUT:
            raise SystemExit("refusing hold-out repository " + name)
        self.name = name
        self.gitdir = os.path.join(mirror, name.replace("/", "+"), "repo")
        self.ok = os.path.isdir(self.gitdir)
        self._head = None

    def git(self, *args):
        return subprocess.run(["git", "--git-dir", self.gitdir] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False).stdout

    def head(self):
        if self._head is None:
            self._head = self.git("rev-parse", "HEAD").decode().strip()
        return self._head

    def has_commit(self, c):
        return self.git("cat-file", "-t", c).strip() == b"commit"

    def ls(self, commit, prefix=""):
        out = self.git("ls-tree", "-r", "--name-only", commit, *( [prefix] if prefix else []))
        return [l for l in out.decode("utf-8", "replace").splitlines() if l]

    def show(self, commit, path):
        return self.git("show", "%s:%s" % (commit, path)).decode("utf-8", "replace")


# ---------------------------------------------------------------- problems

def problem_index(repo, commit, base):
    """{(level, id): (filename, path)} for base/level{N}/{id}_{name}.py files."""
    idx = {}
    for p in repo.ls(commit, base):
        m = re.match(re.escape(base) + r"/level(\d)/(\d+)_([^/]*)\.py$", p)
        if m:
            idx[(int(m.group(1)), int(m.group(2)))] = (os.path.basename(p)[:-3], p)
    return idx


class Problems:
    """Looks a problem up in the sample's own repository first, else upstream."""

    def __init__(self, mirror):
        self.up = Repo(mirror, UPSTREAM)
        self.up_idx = problem_index(self.up, self.up.head(), "KernelBench") if self.up.ok else {}

    def get(self, repo, commit, base, level, pid):
        if repo is not None and base:
            key = (repo.name, commit, base)
            cache = self.__dict__.setdefault("_c", {})
            if key not in cache:
                cache[key] = problem_index(repo, commit, base)
            hit = cache[key].get((level, pid))
            if hit:
                return hit[0], repo.show(commit, hit[1]), "%s@%s:%s" % (repo.name, commit[:12], hit[1])
        hit = self.up_idx.get((level, pid))
        if hit:
            return hit[0], self.up.show(self.up.head(), hit[1]), "%s@%s:%s" % (UPSTREAM, self.up.head()[:12], hit[1])
        return None, None, None


# ---------------------------------------------------------------- code helpers

FENCE = re.compile(r"```(?:python|py)?[ \t]*\n(.*?)```", re.S)


def extract_code(text):
    if text is None:
        return None
    if "```" not in text:
        return text
    blocks = FENCE.findall(text)
    if not blocks:
        return text
    for b in blocks:
        if "ModelNew" in b:
            return b
    return blocks[0]


def single_file_load_inline(code):
    return bool(code and "load_inline" in code and "cuda_sources" in code and "__global__" in code)


def n_kernels(code):
    return len(re.findall(r"__global__\b", code or ""))


def as_bool(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.lower() in ("true", "false"):
        return v.lower() == "true"
    return None


# ---------------------------------------------------------------- sources
# Each source yields dicts: path, level, problem_id, model, recorded, code,
# and either problem=(name, code, where) or problem_base (folder in the same repo).

def src_leaderboard(repo, probs):
    """anneouyang/KernelBenchLeaderboard: docs/assets/raw_data.json lists the
    solutions shown on the leaderboard (every one passed KernelBench's check);
    code in docs/assets/solutions/<file>.py, problems in docs/assets/problems/l<L>_p<id>.py."""
    c = repo.head()
    # raw_data.json's problem_id is not the KernelBench problem number (it is one
    # less: mean reduction, problem 48, is listed as 47); data.json names each
    # solution file under its problem ("Level 1: 48_Mean_reduction_over_a_dimension").
    by_file = {}
    try:
        for title, sols in json.loads(repo.show(c, "docs/assets/data.json")).items():
            m = re.match(r"Level (\d+): (\d+)_", title)
            if m:
                for sol in sols:
                    by_file[sol.get("file")] = (int(m.group(1)), int(m.group(2)))
    except (TypeError, ValueError):
        pass
    for r in json.loads(repo.show(c, "docs/assets/raw_data.json")):
        path = "docs/assets/solutions/%s.py" % r["file"]
        code = repo.show(c, path) or r["code"]
        lvl, pid = by_file.get(r["file"], (int(r["level"]), int(r["problem_id"]) + 1))
        ppath = "docs/assets/problems/l%d_p%d.py" % (lvl, pid)
        pcode = repo.show(c, ppath)
        name, _, _ = probs.get(None, None, None, lvl, pid)
        raw = {k: v for k, v in r.items() if k != "code"}
        yield dict(commit=c, path=path, level=lvl, problem_id=pid, problem_name=name,
                   model=r.get("model"), code=code,
                   problem=(name, pcode, "%s@%s:%s" % (repo.name, c[:12], ppath)) if pcode else None,
                   recorded=dict(compiled=True, correctness=True, runtime=r.get("kernel_eval_time"),
                                 raw=raw, note="leaderboard lists only correct solutions"))


def src_hzeng(repo, probs):
    """hzeng2000/KernelBench: runs/level_2_backend_<b>_model_<m>/level_2_problem_<id>_sample_0_kernel.py,
    no eval results committed. Only the cuda backend is taken."""
    c = repo.head()
    for p in repo.ls(c, "runs"):
        m = re.match(r"runs/level_(\d)_backend_cuda_model_([^/]+)/level_\d_problem_(\d+)_sample_(\d+)_kernel\.py$", p)
        if not m:
            continue
        yield dict(commit=c, path=p, level=int(m.group(1)), problem_id=int(m.group(3)),
                   model=m.group(2), code=repo.show(c, p), problem_base="KernelBench",
                   recorded=dict(compiled=None, correctness=None, runtime=None, raw=None))


EH_COMMIT = "3d3526ea85fc2d8f21fd48b812fe8151e018ff1c"  # "pass@16 eval"; removed by the next commit


def src_eh(repo, probs):
    """yoenoo/eh_kernelbench at commit 3d3526e: results/level_1_problem_<id>_sample_<s>_kernel.py,
    16 samples a problem from run.py (vLLM, base Qwen/QwQ-32B, lora_path=None); no eval results."""
    c = EH_COMMIT
    if not repo.has_commit(c):
        return
    for p in repo.ls(c, "results"):
        m = re.match(r"results/level_(\d)_problem_(\d+)_sample_(\d+)_kernel\.py$", p)
        if m:
            yield dict(commit=c, path=p, level=int(m.group(1)), problem_id=int(m.group(2)),
                       model="Qwen/QwQ-32B (run.py; tokenizer cognition-ai/Kevin-32B)",
                       code=repo.show(c, p), problem_base=None,
                       recorded=dict(compiled=None, correctness=None, runtime=None, raw=None))


def src_pango(repo, probs):
    """pango0/KernelBench-Agentic: experiments/runs/<run>/gen_results.json
    {meta, levels: {L: {id: entry}}}; agentic/iterative entries keep every turn with
    its code and KernelBench eval; zero_shot/guided keep one code and the eval is in
    summary.json per_problem."""
    c = repo.head()
    runs = sorted({p.split("/")[2] for p in repo.ls(c, "experiments/runs") if p.endswith("/gen_results.json")})
    for run in runs:
        gpath = "experiments/runs/%s/gen_results.json" % run
        d = json.loads(repo.show(c, gpath))
        model = d.get("meta", {}).get("model")
        per = {}
        s = repo.show(c, "experiments/runs/%s/summary.json" % run)
        if s:
            for pp in json.loads(s).get("per_problem", []):
                per[(int(pp["level"]), int(pp["problem_id"]))] = pp
        for lv, probs_ in sorted(d.get("levels", {}).items()):
            for pid, e in sorted(probs_.items(), key=lambda kv: int(kv[0])):
                lvl, pid = int(lv), int(pid)
                turns = e.get("turns") or []
                got = False
                for t in turns:
                    ev = t.get("eval")
                    code = t.get("extracted_code") or extract_code(t.get("raw_response"))
                    if not code or not isinstance(ev, dict):
                        continue
                    got = True
                    yield dict(commit=c, path="%s#level%d/problem%d/turn%s" % (gpath, lvl, pid, t.get("turn")),
                               level=lvl, problem_id=pid, model=model, code=code,
                               problem_base="KernelBench/KernelBench",
                               recorded=dict(compiled=as_bool(ev.get("compiled")), correctness=as_bool(ev.get("correctness")),
                                             runtime=ev.get("runtime"), raw=ev))
                if got:
                    continue
                code = e.get("extracted_code") or extract_code(e.get("raw_response"))
                if not code:
                    continue
                ev = e.get("final_eval")
                if isinstance(ev, dict):
                    rec = dict(compiled=as_bool(ev.get("compiled")), correctness=as_bool(ev.get("correctness")),
                               runtime=ev.get("runtime"), raw=ev)
                elif (lvl, pid) in per:
                    pp = per[(lvl, pid)]
                    rec = dict(compiled=as_bool(pp.get("compiled")), correctness=as_bool(pp.get("correct")),
                               runtime=pp.get("runtime_ms"), raw=pp)
                else:
                    rec = dict(compiled=None, correctness=None, runtime=None, raw=None)
                yield dict(commit=c, path="%s#level%d/problem%d" % (gpath, lvl, pid), level=lvl, problem_id=pid,
                           model=model, code=code, problem_base="KernelBench/KernelBench", recorded=rec)


def src_distant(repo, probs):
    """Distant22/KernelBench: finalProject_260531/solutions/level<L>/*.py (a coding agent's
    solutions) with finalProject_260531/results/eval_all_v100.json (compiled/correct/kernel_ms)."""
    c = repo.head()
    res = repo.show(c, "finalProject_260531/results/eval_all_v100.json")
    if not res:
        return
    for r in json.loads(res):
        lvl, pid = int(r["level"]), int(r["problem_id"])
        path = "finalProject_260531/solutions/level%d/%s" % (lvl, r["solution"])
        code = repo.show(c, path)
        if not code:
            continue
        yield dict(commit=c, path=path, level=lvl, problem_id=pid, model="coding agent (finalProject_260531)",
                   code=code, problem_base="KernelBench",
                   recorded=dict(compiled=as_bool(r.get("compiled")), correctness=as_bool(r.get("correct")),
                                 runtime=r.get("kernel_ms"), raw=r))


def src_cudal1(repo, probs):
    """CUDA-L1 release as vendored in Rhys-Wang-wannaLearnMath/KernelBench:
    CUDA-L1/optimized_cuda_code/<gpu>.json, JSON lines with ref_code, custom_code and
    speedup scores; only codes that beat the reference are released (null otherwise)."""
    c = repo.head()
    for gpu in ("3090", "a100", "h100", "h20", "l40"):
        path = "CUDA-L1/optimized_cuda_code/%s.json" % gpu
        for line in repo.show(c, path).splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            code = r.get("custom_code")
            if not code:
                continue
            lvl, pid = int(r["level_id"]), int(r["task_id"])
            name, _, _ = probs.get(repo, c, "KernelBench", lvl, pid)
            raw = {k: v for k, v in r.items() if not k.endswith("_code")}
            raw["gpu"] = gpu
            yield dict(commit=c, path="%s#level%d/task%d" % (path, lvl, pid), level=lvl, problem_id=pid,
                       model="CUDA-L1", code=code,
                       problem=(name, r.get("ref_code"), "%s@%s:%s#ref_code" % (repo.name, c[:12], path)),
                       recorded=dict(compiled=True, correctness=True, runtime=None, raw=raw,
                                     note="released codes passed CUDA-L1's correctness check; scores are speedups"))


def src_infatoshi(repo, probs):
    """Infatoshi/KernelBench-v3: runs/<run>/kernel_<id>_<name>/{generated_code.py, metrics.yaml,
    reference.py}; manifest.yaml names model and hardware."""
    c = repo.head()
    files = repo.ls(c, "runs")
    for p in files:
        m = re.match(r"(runs/([^/]+)/kernel_(\d+)_[^/]*)/generated_code\.py$", p)
        if not m:
            continue
        d, run, pid = m.group(1), m.group(2), int(m.group(3))
        man = repo.show(c, "runs/%s/manifest.yaml" % run)
        mm = re.search(r"^model:\s*(\S+)", man, re.M)
        met = repo.show(c, d + "/metrics.yaml")
        def field(k):
            x = re.search(r"^%s:\s*(.*)$" % k, met, re.M)
            return x.group(1).strip() if x else None
        rt = field("runtime_ms")
        ref = repo.show(c, d + "/reference.py")
        yield dict(commit=c, path=p, level=1, problem_id=pid, model=mm.group(1) if mm else None,
                   code=repo.show(c, p),
                   problem=(None, ref, "%s@%s:%s/reference.py" % (repo.name, c[:12], d)) if ref else None,
                   problem_base="KernelBench",
                   recorded=dict(compiled=as_bool(field("compiled")), correctness=as_bool(field("correctness")),
                                 runtime=float(rt) if rt not in (None, "null") else None, raw=met))


SOURCES = [  # short name, repository, extractor
    ("leaderboard", "anneouyang/KernelBenchLeaderboard", src_leaderboard),
    ("pango0-agentic", "pango0/KernelBench-Agentic", src_pango),
    ("distant22", "Distant22/KernelBench", src_distant),
    ("cuda-l1", "Rhys-Wang-wannaLearnMath/KernelBench", src_cudal1),
    ("infatoshi-v3", "Infatoshi/KernelBench-v3", src_infatoshi),
    ("hzeng2000", "hzeng2000/KernelBench", src_hzeng),
    ("eh-kernelbench", "yoenoo/eh_kernelbench", src_eh),
]


# ---------------------------------------------------------------- collection

def collect(mirror, only=None):
    probs = Problems(mirror)
    seen = set()
    cases = []
    skipped = {}
    for short, name, fn in SOURCES:
        if only and short not in only:
            continue
        repo = Repo(mirror, name)
        if not repo.ok:
            print("note: no mirror of %s under %s (fetch it first)" % (name, mirror), file=sys.stderr)
            continue
        for r in fn(repo, probs):
            code = r["code"]
            if not code or "ModelNew" not in code:
                skipped[short] = skipped.get(short, 0) + 1  # not a KernelBench candidate
                continue
            h = hashlib.sha256(code.encode()).hexdigest()
            if h in seen:
                continue
            seen.add(h)
            if r.get("problem") and r["problem"][1]:
                pname, pcode, pwhere = r["problem"]
                if pname is None:
                    pname = probs.get(repo, r["commit"], r.get("problem_base"), r["level"], r["problem_id"])[0]
            else:
                pname, pcode, pwhere = probs.get(repo, r["commit"], r.get("problem_base"), r["level"], r["problem_id"])
            r.update(source=short, source_repo=name, sha256=h, problem_name=pname,
                     problem_code=pcode, problem_from=pwhere)
            cases.append(r)
    for k, v in sorted(skipped.items()):
        print("note: %s: %d saved files without a ModelNew class skipped" % (k, v), file=sys.stderr)
    return cases


def case_id(r):
    return "%s:%s" % (r["source_repo"], r["path"])


def folder(r):
    s = re.sub(r"[^A-Za-z0-9._-]+", "_", r["path"]).strip("_")
    return "%s__%s" % (r["source"], s[-150:])


def category(r):
    rec = r["recorded"]
    if rec["correctness"] is True:
        return "correct"
    if rec["compiled"] is True and rec["correctness"] is False:
        return "compiled-incorrect"
    if rec["compiled"] is False:
        return "not-compiled"
    return "unrecorded"


def write_case(out, r):
    d = os.path.join(out, folder(r))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "candidate.py"), "w") as f:
        f.write(r["code"])
    if r["problem_code"]:
        with open(os.path.join(d, "problem.py"), "w") as f:
            f.write(r["problem_code"])
    meta = dict(id=case_id(r), source=r["source"], source_repo=r["source_repo"], commit=r["commit"],
                path=r["path"], level=r["level"], problem_id=r["problem_id"], problem_name=r["problem_name"],
                problem_from=r["problem_from"], model=r.get("model"), recorded=r["recorded"],
                category=category(r), single_file_load_inline=single_file_load_inline(r["code"]),
                n_kernels=n_kernels(r["code"]), sha256=r["sha256"])
    with open(os.path.join(d, "meta.json"), "w") as f:
        json.dump(meta, f, indent=2, default=str)
        f.write("\n")


def print_list(cases):
    rows = {}
    for r in cases:
        k = (r["source"], r["source_repo"])
        x = rows.setdefault(k, [0] * 7)
        x[0] += 1
        x[1] += single_file_load_inline(r["code"])
        x[2] += r["recorded"]["compiled"] is True
        x[3] += r["recorded"]["correctness"] is True
        x[4] += category(r) == "compiled-incorrect"
        x[5] += category(r) == "compiled-incorrect" and single_file_load_inline(r["code"])
        x[6] += category(r) == "unrecorded"
    hdr = ["source", "repository", "cases", "single-file load_inline", "compiled", "correct",
           "compiled, incorrect", "  of them load_inline", "no record"]
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    tot = [0] * 7
    for (s, n), x in rows.items():
        print("| %s | %s | %s |" % (s, n, " | ".join(str(v) for v in x)))
        tot = [a + b for a, b in zip(tot, x)]
    print("| all | | %s |" % " | ".join(str(v) for v in tot))
    lv = {}
    for r in cases:
        lv[r["level"]] = lv.get(r["level"], 0) + 1
    print("\nby level: " + ", ".join("level %s: %d" % (k, v) for k, v in sorted(lv.items())))


def sample_dev(cases, n, seed):
    pool = [r for r in cases if single_file_load_inline(r["code"]) and r["level"] in (1, 2)
            and category(r) in ("correct", "compiled-incorrect") and r["problem_code"]]
    rng = random.Random(seed)
    picked = []
    for cat in ("compiled-incorrect", "correct"):
        want = n // 2 if cat == "compiled-incorrect" else n - len(picked)
        buckets = {}
        for r in pool:
            if category(r) == cat:
                buckets.setdefault((r["source"], r["level"]), []).append(r)
        keys = sorted(buckets)
        for k in keys:
            buckets[k].sort(key=case_id)
            rng.shuffle(buckets[k])
        got = []
        while len(got) < want and any(buckets[k] for k in keys):
            for k in keys:
                if buckets[k] and len(got) < want:
                    got.append(buckets[k].pop())
        picked += got
    return picked


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirror", default=DEFAULT_MIRROR, help="folder holding owner+name/repo mirrors")
    ap.add_argument("--out", default=DEFAULT_OUT, help="cache folder for the cases (ignored by git)")
    ap.add_argument("--source", action="append", help="short source name(s), repeatable or comma-separated: "
                    + ", ".join(s for s, _, _ in SOURCES))
    ap.add_argument("--limit", type=int, help="at most this many cases (after --seed shuffling)")
    ap.add_argument("--only-failed", action="store_true", help="only cases recorded compiled but incorrect")
    ap.add_argument("--single-file", action="store_true", help="only single-file load_inline CUDA candidates")
    ap.add_argument("--seed", type=int, help="shuffle deterministically before --limit / for --sample-dev")
    ap.add_argument("--list", action="store_true", help="print per-source counts and exit")
    ap.add_argument("--sample-dev", type=int, metavar="N", help="write N case ids to --dev-out and exit")
    ap.add_argument("--dev-out", default=DEFAULT_DEV)
    ap.add_argument("--clean", action="store_true", help="empty --out first")
    a = ap.parse_args()

    only = None
    if a.source:
        only = {s.strip() for x in a.source for s in x.split(",") if s.strip()}
        bad = only - {s for s, _, _ in SOURCES}
        if bad:
            ap.error("unknown source(s): " + ", ".join(sorted(bad)))
    cases = collect(a.mirror, only)
    if a.only_failed:
        cases = [r for r in cases if category(r) == "compiled-incorrect"]
    if a.single_file:
        cases = [r for r in cases if single_file_load_inline(r["code"])]

    if a.list:
        print_list(cases)
        return
    if a.sample_dev:
        picked = sample_dev(cases, a.sample_dev, a.seed if a.seed is not None else 1)
        os.makedirs(os.path.dirname(a.dev_out), exist_ok=True)
        with open(a.dev_out, "w") as f:
            f.write("# scripts/real-corpus.py --sample-dev %d --seed %s: one case id (repository:path) a line,\n"
                    "# then its recorded category and level. Cases come from bench/real/cache/ (docs/real-corpus.md).\n"
                    % (a.sample_dev, a.seed if a.seed is not None else 1))
            for r in picked:
                f.write("%s\t%s\tlevel%d\n" % (case_id(r), category(r), r["level"]))
        cnt = {}
        for r in picked:
            k = (r["source"], category(r), r["level"])
            cnt[k] = cnt.get(k, 0) + 1
        print("wrote %d ids to %s" % (len(picked), a.dev_out))
        for k, v in sorted(cnt.items()):
            print("  %-16s %-20s level%d  %d" % (k[0], k[1], k[2], v))
        return

    if a.seed is not None:
        cases.sort(key=case_id)
        random.Random(a.seed).shuffle(cases)
    if a.limit is not None:
        cases = cases[:a.limit]
    if a.clean and os.path.isdir(a.out):
        shutil.rmtree(a.out)
    os.makedirs(a.out, exist_ok=True)
    for r in cases:
        write_case(a.out, r)
    print("wrote %d cases to %s" % (len(cases), a.out))


if __name__ == "__main__":
    main()
