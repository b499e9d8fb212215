"""Parses compute-sanitizer's text output (memcheck, racecheck, synccheck).

The format, as NVIDIA's Compute Sanitizer documentation shows it (every line of
the tool's own output starts with "========= "; the application's output is
interleaved without the prefix):

memcheck, one block per error:
    ========= Invalid __global__ write of size 4 bytes
    =========     at axpy+0x1b0                              (no line info)
    =========     at 0x1b0 in /path/kernel.cu:6:axpy         (older, with -lineinfo)
    =========     at axpy(const float *, float *, float, int)+0x1b0 in kernel.cu:6
    =========     by thread (3,0,0) in block (4096,0,0)
    =========     Address 0x7f... is out of bounds
    =========     and is 1 bytes after the nearest allocation at 0x... of size 4194316 bytes
    =========     Saved host backtrace up to driver entry point at kernel launch time
    =========         Host Frame: ...
    ...
    ========= Program hit CUDA_ERROR_LAUNCH_FAILED (error 719) due to "unspecified launch
    =========     failure" on CUDA API call to cuCtxSynchronize.
    ========= ERROR SUMMARY: 24 errors
  (with a print limit: "ERROR SUMMARY: 5000 errors" and a note that only the first
  N were printed; the summary count is the total.)

racecheck (default --racecheck-report analysis), one block per hazard pair:
    ========= Error: Race reported between Write access at softmax_block_kernel+0x3a0
    =========     and Read access at softmax_block_kernel+0x410 [4736 hazards]
  (older versions: "ERROR: Race reported between Write access at 0x150 in file.cu:30:k(...)"
  and "WARN:"/"Warning:" for benign hazards), then
    ========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)

synccheck:
    ========= Barrier error detected. Divergent thread(s) in warp
    =========     at k+0x90
    ========= ERROR SUMMARY: 2 errors

With several processes (--target-processes all), lines may carry the process id
("========= [12345] ..."): the prefix is stripped.
"""
import collections
import re

PREFIX = re.compile(r"^=+ ?(?:\[\d+\] ?)?")
MEM_HEAD = re.compile(r"^(Invalid __(?:global|shared|local)__ (?:read|write|atomic)\b.*|"
                      r"Misaligned .*|Out-of-range .*|Barrier error detected.*|"
                      r"Uninitialized __global__ memory read.*|Malloc/Free error.*|"
                      r"Cuda API error.*|Invalid .* (?:read|write) .*)$")
AT = re.compile(r"^\s*at (?P<loc>.+?)\s*$")
THREAD = re.compile(r"by thread \((?P<t>[^)]*)\) in block \((?P<b>[^)]*)\)")
RACE1 = re.compile(r"^(?P<sev>Error|ERROR|Warning|WARN|Warn):? Race reported between "
                   r"(?P<a>\w+) access at (?P<loca>.+?)\s*$")
RACE2 = re.compile(r"^\s*and (?P<b>\w+) access at (?P<locb>.+?)\s*\[(?P<n>\d+) hazards?\]")
ERR_SUMMARY = re.compile(r"ERROR SUMMARY: (?P<n>\d+) errors?")
RACE_SUMMARY = re.compile(r"RACECHECK SUMMARY: (?P<n>\d+) hazards? displayed "
                          r"\((?P<e>\d+) errors?, (?P<w>\d+) warnings?\)")
PROGRAM_HIT = re.compile(r"Program hit (?P<err>CUDA_ERROR_\w+|cuda\w+)")


def short_loc(loc):
    """'0x1b0 in /p/kernel.cu:6:axpy' -> 'kernel.cu:6 (axpy)'; 'axpy+0x1b0' stays;
    'k(const float *)+0x90 in kernel.cu:11' -> 'kernel.cu:11 (k+0x90)'."""
    loc = loc.strip()
    m = re.match(r"^(?P<pc>0x[0-9a-f]+) in (?P<file>[^:]+):(?P<line>\d+):(?P<fn>.+)$", loc)
    if m:
        return "%s:%s (%s)" % (m["file"].rsplit("/", 1)[-1], m["line"], m["fn"].split("(")[0])
    m = re.match(r"^(?P<fn>.+?)\+(?P<pc>0x[0-9a-f]+)(?: in (?P<file>[^:]+):(?P<line>\d+))?$", loc)
    if m:
        fn = m["fn"].split("(")[0]
        if m["file"]:
            return "%s:%s (%s+%s)" % (m["file"].rsplit("/", 1)[-1], m["line"], fn, m["pc"])
        return "%s+%s" % (fn, m["pc"])
    return loc


def parse(text):
    """-> dict(tool_lines, errors (summary count or None), reported (blocks printed),
    hazards (racecheck: sum of [N hazards]), race_errors, race_warnings,
    kinds Counter, locations Counter, api_errors list, first_thread)."""
    res = {"tool_lines": 0, "errors": None, "reported": 0, "hazards": 0,
           "race_errors": None, "race_warnings": None, "kinds": collections.Counter(),
           "locations": collections.Counter(), "api_errors": [], "first_thread": None,
           "summaries": 0}
    lines = text.splitlines()
    pending_head = None
    pending_race = None
    for raw in lines:
        if not raw.startswith("="):
            continue
        res["tool_lines"] += 1
        line = PREFIX.sub("", raw)
        m = ERR_SUMMARY.search(line)
        if m:
            res["errors"] = (res["errors"] or 0) + int(m["n"])
            res["summaries"] += 1
            continue
        m = RACE_SUMMARY.search(line)
        if m:
            res["race_errors"] = (res["race_errors"] or 0) + int(m["e"])
            res["race_warnings"] = (res["race_warnings"] or 0) + int(m["w"])
            res["summaries"] += 1
            continue
        m = PROGRAM_HIT.search(line)
        if m:
            res["api_errors"].append(m["err"])
            continue
        m = RACE1.match(line)
        if m:
            pending_race = m
            continue
        if pending_race:
            m = RACE2.match(line)
            if m:
                sev = "warning" if pending_race["sev"].lower().startswith("warn") else "error"
                kind = "race %s/%s (%s)" % (pending_race["a"], m["b"], sev)
                res["kinds"][kind] += 1
                res["reported"] += 1
                res["hazards"] += int(m["n"])
                pair = "%s <-> %s" % (short_loc(pending_race["loca"]), short_loc(m["locb"]))
                res["locations"][pair] += int(m["n"])
            pending_race = None
            continue
        m = MEM_HEAD.match(line.strip())
        if m:
            kind = re.sub(r" of size \d+ bytes?", "", m.group(1)).strip().rstrip(".")
            res["kinds"][kind] += 1
            res["reported"] += 1
            pending_head = kind
            continue
        if pending_head:
            m = AT.match(line)
            if m and not line.strip().startswith("at kernel launch"):
                res["locations"][short_loc(m["loc"])] += 1
                pending_head = None
                continue
        m = THREAD.search(line)
        if m and res["first_thread"] is None:
            res["first_thread"] = "thread (%s) block (%s)" % (m["t"], m["b"])
    return res


def summary_count(res, tool):
    """The number to put in a table: hazards for racecheck, errors otherwise."""
    if tool == "racecheck":
        if res["hazards"]:
            return res["hazards"]
        return res["race_errors"] if res["race_errors"] is not None else res["reported"]
    return res["errors"] if res["errors"] is not None else res["reported"]


def top_locations(res, n=3):
    return "; ".join("%s x%d" % (loc, c) for loc, c in res["locations"].most_common(n))
