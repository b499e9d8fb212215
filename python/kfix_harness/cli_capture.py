"""`kfix import-kernelbench` (capture, for python -m kfix_harness capture): the launch
that wrote the tensor ModelNew returned, as a kernel-level kfix task (capture_task,
capture_main); and the failing launch captured again at the problem's sizes scaled down
(scaled_capture), for `kfix debug-kernelbench` and the capture. Split out of cli.py, which
imports them; see its docstring for the exit statuses.
"""
import json
import os
import sys
import tempfile
import time

from . import HarnessError


# -- scaled capture: the failing launch again at smaller sizes --------------------------

def _size_like(v):
    """A module-level value that follows the size constants: a number, or a tuple
    of them (`bias_shape = (out_features,)`)."""
    if type(v) in (int, float):
        return True
    return type(v) is tuple and len(v) > 0 and all(type(x) in (int, float) for x in v)


def scaling_tiers(ns, target, seed):
    """The scalings to try for a capture at most `target` elements, best first: the
    problem's constants of 32 and more halved down to 16, and, when that leaves the
    inputs above twice the target (3-D problems whose 16^3 volumes take part in no
    scaling: a 16 x 16 x 32^3 buffer is 8M elements), every constant of 8 and more
    halved down to 8 before it (the only one when no constant reaches 32). Each is
    {name: (old, new)}; ns is left as it was."""
    from . import kernelbench as kb
    tiers = []
    for floor, smallest in ((16, 32), (8, 8)):
        before = {k: ns[k] for k in kb._size_names(ns, smallest)}
        try:
            scaled = kb.scale_problem(ns, target, seed, floor=floor, smallest=smallest)
            kb.set_seed(seed)
            n = kb._numel(ns["get_inputs"]())
        except Exception:
            scaled, n = {}, None
        finally:
            ns.update(before)
        if scaled and scaled not in tiers:
            tiers.append(scaled)
        if scaled and (n is None or n <= 2 * target):
            break
    return tiers[::-1]


def scaled_capture(args, rt, ns, device, tol, kernel):
    """The failing launch of `kernel` captured again with the problem's size constants
    scaled down (scaling_tiers) until one get_inputs() draw holds at most
    args.search_elements elements. ns is the namespace the problem and the candidate
    run in; its sizes are restored before returning. Returns ((capture, scaled), None),
    or (None, why) where the candidate must be searched at its own sizes (None when
    they are small already). A finer scaling that loses the failure gives way to the
    coarser one."""
    from . import kernelbench as kb
    kb.set_seed(args.seed)
    try:
        if kb._numel(ns["get_inputs"]()) <= args.search_elements:
            return None, None
    except Exception:
        return None, None
    tiers = scaling_tiers(ns, args.search_elements, args.seed)
    if not tiers:
        return None, "no size constant of the problem scales its inputs down"
    first_why = None
    for scaled in tiers:
        small, why = _capture_scaled(args, rt, ns, device, tol, kernel, scaled)
        if small is not None:
            return small, None
        first_why = first_why or why
    return None, first_why


def _capture_scaled(args, rt, ns, device, tol, kernel, scaled):
    """scaled_capture at one scaling ({name: (old, new)})."""
    from .cli import _read
    from . import kernelbench as kb
    from .debug import Capture
    saved = {}
    try:
        for k, (a, b) in scaled.items():
            saved[k] = ns[k]
            ns[k] = b
        # Module-level values derived from the scaled sizes follow them.
        derived = kb.exec_source(_read(args.problem, "problem"), os.path.abspath(args.problem),
                                 {"__name__": "__kfix_problem__"}, overrides=scaled)
        for k, v in derived.items():
            if (k in ns and k not in saved and _size_like(v)
                    and type(ns[k]) is type(v) and ns[k] != v):
                saved[k] = ns[k]
                ns[k] = v
        if str(device).startswith("cuda"):
            # The run at the benchmark's sizes left its segments in torch's cache:
            # the scaled tensors get segments of their own (runtime.allocator_block).
            import gc
            import torch
            gc.collect()
            torch.cuda.empty_cache()
        small = Capture(rt, first_failing=True)
        small.tol = (tol["atol"], tol["rtol"])
        model = {k: ns[k] for k in ("Model", "get_inputs", "get_init_inputs") if k in ns}
        v = kb.evaluate(model, ns, device, tol["atol"], tol["rtol"], trials=args.trials,
                        seed=args.seed, on_trial=small.on_trial,
                        on_trial_start=small.start_trial)
    except HarnessError:
        raise
    except Exception as e:
        return None, "the problem at scaled sizes does not run (%s: %s)" % (
            type(e).__name__, str(e)[:300])
    finally:
        ns.update(saved)
        rt.capture = False
    what = ", ".join("%s %d->%d" % (k, a, b) for k, (a, b) in scaled.items())
    if v.get("runtime_error") or not v.get("trials"):
        return None, "at scaled sizes (%s) the candidate fails otherwise: %s" % (
            what, (v.get("runtime_error") or "no trial ran")[:300])
    if v.get("correctness"):
        return None, ("at scaled sizes (%s) the candidate passes: its bug shows only at the "
                      "benchmark's sizes" % what)
    if any(t.get("shape_ok") is False for t in v["trials"]):
        return None, "at scaled sizes (%s) the output's shape differs" % what
    if small.target is None or (kernel is not None and
                                rt.launches[small.target[0]]["kernel"] != kernel):
        return None, ("at scaled sizes (%s) the failing output is not %s's" % (what, kernel))
    return (small, {k: list(ab) for k, ab in scaled.items()}), None


# -- capture: `kfix import-kernelbench` ------------------------------------------------
def _uncapturable(res):
    """Why the candidate's verdict leaves nothing to capture, or None."""
    if not res.get("compiled"):
        return "the candidate does not compile: %s" % str(
            res.get("metadata", {}).get("compilation_error", ""))[:1500]
    if res.get("runtime_error"):
        return "the candidate fails at run time: %s" % res["runtime_error"][:1500]
    t0 = (res.get("trials") or [{}])[0]
    if t0.get("error"):
        return "the candidate's output cannot be compared with the Model's: %s" % t0["error"]
    return None


def capture_task(args, rt, icp, cap, tol, res):
    """The captured launch of trial 0 as a kernel-level kfix task in args.output."""
    from . import debug as dbg
    c = {"status": "not-captured"}
    why = _uncapturable(res)
    if why:
        c["why"] = why
        return c
    t0 = (res.get("trials") or [{}])[0]
    if cap.target is None:
        exts = icp.extensions if icp else []
        why = "no kernel launch run by kfix wrote the tensor ModelNew returned"
        if not rt.launches:
            modes = ["%s: %s%s" % (e.get("name"), e.get("mode") or "kernels lifted",
                                   (" (" + str(e["native_reason"]).splitlines()[0][:300] + ")")
                                   if e.get("native_reason") else "")
                     for e in exts]
            why += "; the candidate launched no kernel kfix runs (%s)" % (
                "; ".join(modes) if modes else "it builds no CUDA extension")
        else:
            why += "; %d launches of %s, none of them into the returned tensor's memory (torch " \
                   "code computes or copies it after the kernels)" % (
                       len(rt.launches), ", ".join(sorted({l["kernel"] for l in rt.launches})))
        c["why"] = why
        return c
    li, ri, nbytes = cap.target
    launch = rt.launches[li]
    ext = next((e for e in icp.extensions if e.get("module") == launch["module"]), None)
    task = dbg.make_task(cap, ext, args.output, tol)
    # Findings name the task's kernel.cu (the same text) rather than the work copy.
    src = (ext or {}).get("source") or "\0"
    faults = [dict(f, message=str(f.get("message", "")).replace(
        src, os.path.join(os.path.abspath(args.output), "kernel.cu")))
        for f in launch.get("faults", [])[:10]]
    c.update({"status": "written", "task": task, "kernel": launch["kernel"],
              "launch_index": li, "launches": len(rt.launches),
              "grid": launch["grid"], "block": launch["block"], "shmem": launch["shmem"],
              "faults": faults, "trial": t0})
    return c


def capture_main(args):
    from .cli import run, write_atomic
    if not args.output or args.native:
        print("kfix import-kernelbench: %s" % ("--native captures nothing (kfix runs no kernel)"
                                              if args.native else "-o TASKDIR is required"),
              file=sys.stderr)
        return 3
    t0 = time.time()
    work = tempfile.mkdtemp(prefix="kfix-capture-")
    v = {"problem": os.path.abspath(args.problem), "candidate": os.path.abspath(args.candidate),
         "status": "ok"}
    args.deadline = t0 + args.time_limit
    res = {}
    try:
        run(args, work, res)
        v.update(res)
    except HarnessError as e:
        v.update(res)
        v["status"] = "harness-error"
        v["harness_error"] = str(e)
        v["construct"] = e.construct
    except KeyboardInterrupt:
        v["status"] = "interrupted"
    v["wall_s"] = round(time.time() - t0, 2)
    c = v.get("capture") or {}
    if v["status"] != "ok" or c.get("status") != "written":
        write_atomic(os.path.join(work, "verdict.json"), json.dumps(v, indent=2, default=str)
                     + "\n")
        why = v.get("harness_error") if v["status"] != "ok" else (
            c.get("why") or _uncapturable(v) or "nothing captured")
        print("kfix import-kernelbench: error: %s" % why, file=sys.stderr)
        print("kfix import-kernelbench: the harness's work is kept in %s" % work, file=sys.stderr)
        return 2 if v["status"] != "ok" else 1
    prov = {k: v.get(k) for k in ("problem", "candidate", "target", "atol", "rtol", "preset",
                                  "scaled", "notes", "wall_s")}
    prov.update({k: c.get(k) for k in ("kernel", "launch_index", "launches", "grid", "block",
                                       "shmem", "faults", "trial")})
    prov["extensions"] = (v.get("harness") or {}).get("extensions")
    prov["command"] = ["kfix", "import-kernelbench", "--problem", v["problem"], "--candidate",
                       v["candidate"], "-o", os.path.abspath(args.output),
                       "--target", v.get("target")]
    write_atomic(os.path.join(args.output, "capture.json"),
                 json.dumps(prov, indent=2, default=str) + "\n")
    if args.json:
        print(json.dumps(prov, indent=2, default=str))
    else:
        t = c.get("trial") or {}
        print("kfix import-kernelbench: wrote %s" % c["task"])
        print("  kernel %s: launch %d of %d, grid %s, block %s, %d shared bytes" % (
            c["kernel"], c["launch_index"] + 1, c["launches"], c["grid"], c["block"],
            c["shmem"]))
        task = json.load(open(c["task"]))
        for p in task["params"]:
            where = task["inputs"].get(p["name"], {}).get("path")
            print("  %s %s %s %s%s" % (p["role"], p["name"], p["dtype"],
                                        p.get("shape", p.get("value")),
                                        " <- " + where if where else ""))
        print("  reference: the Model's output on the benchmark's first trial (%s target, "
              "atol %g rtol %g)" % (v["target"], v["atol"], v["rtol"]))
        if "max_diff" in t:
            print("  the candidate on that trial: %s  max_diff %.3g  wrong %d/%d" % (
                "PASS" if t.get("ok") else "FAIL", t["max_diff"], t.get("wrong_elements", 0),
                t.get("elements", 0)))
        for f in c.get("faults") or []:
            print("  finding: %s: %s" % (f.get("kind"), f.get("message")))
        if v.get("scaled"):
            print("  sizes scaled: " + ", ".join("%s %d->%d" % (k, a, b)
                                                 for k, (a, b) in v["scaled"].items()))
        for n in v.get("notes", []):
            print("  note: " + n)
    if not args.keep_work:
        import shutil
        shutil.rmtree(work, ignore_errors=True)
    return 0
