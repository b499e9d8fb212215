#!/usr/bin/env bash
# Issue 17 item 2 on the H200: every NM-bench task (bench/tasks/*/task.json) and
# every KB example with a task (kb/examples/*/task.json) through
# `kfix debug --target cuda` (delivery compiled with NVRTC and nvcc, the default
# for the cuda target), tallied per task: repaired, delivered as patch /
# regenerated / not-delivered, changed lines, NVRTC and nvcc on the original and
# the delivered file. Run from the repository root with the portable tarball in
# .dist/ (unpacked outside the checkout, as bench/gpu/nmbench.sh does):
#   run(command="bash bench/gpu/delivery-compile.sh", carry=[".dist"])
# Writes $OUT/delivery-compile.md (table + totals), $OUT/delivery-compile.jsonl
# and $OUT/delivery-compile.log. Env: JOBS (tasks at once, default 12),
# T_TASK (--time-limit per task, default 60 s), T_ALL (default 480 s: the whole
# run stays under 9 minutes; tasks not finished by then are counted as such),
# LIMIT (the first N tasks only: a smoke test), KFIX (a kfix binary instead of
# the tarball's).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/delivery-compile.log") 2>&1
START=$(date +%s)
if [ -z "${KFIX:-}" ]; then
  tarball=$(ls "$ROOT"/.dist/kfix-*-linux-x86_64.tar.xz 2>/dev/null | head -1)
  [ -n "$tarball" ] || { echo "delivery-compile: no .dist/kfix-*-linux-x86_64.tar.xz"; exit 2; }
  rm -rf /tmp/kfix && mkdir -p /tmp/kfix
  tar -xJf "$tarball" -C /tmp/kfix --strip-components=1 || { echo "delivery-compile: unpack failed"; exit 2; }
  export KFIX=/tmp/kfix/bin/kfix
fi
export PATH="$PATH:/usr/local/cuda/bin"
echo "== kfix $KFIX, unpacked at $(( $(date +%s) - START )) s"; nvidia-smi -L 2>&1 | head -1; nproc
"$KFIX" devices | head -2
command -v nvcc && nvcc --version | tail -1
ls /usr/local/cuda/lib64/libnvrtc.so* 2>/dev/null | head -2

W=/tmp/delivery-compile; rm -rf "$W"; mkdir -p "$W"
cd /tmp   # not the checkout
LIST="$W/tasks.txt"
ls "$ROOT"/bench/tasks/*/task.json "$ROOT"/kb/examples/*/task.json 2>/dev/null \
  | head -n "${LIMIT:-100000}" > "$LIST"
echo "== $(wc -l < "$LIST") tasks, -j ${JOBS:-12}, --time-limit ${T_TASK:-60} s"
one() {
  t="$1"; set="$(basename "$(dirname "$(dirname "$t")")")"; name="$(basename "$(dirname "$t")")"
  o="$W/out/$set-$name"
  timeout -k 5 $(( ${T_TASK:-60} + 30 )) "$KFIX" debug "$t" --target cuda --time-limit "${T_TASK:-60}" \
    --quiet -o "$o" > "$o.stdout" 2>&1
  echo "$?" > "$o.rc"
}
export -f one; export KFIX W T_TASK
mkdir -p "$W/out"
timeout -k 10 "${T_ALL:-480}" xargs -a "$LIST" -P "${JOBS:-12}" -I{} bash -c 'one "$@"' _ {}
echo "== ran ($(( $(date +%s) - START )) s)"

python3 - "$LIST" "$W/out" "$OUT" <<'PY'
import json, os, sys
lst, out, dest = sys.argv[1:]
rows, tot = [], {}
def bump(k):
    tot[k] = tot.get(k, 0) + 1
for t in open(lst).read().split():
    sset = os.path.basename(os.path.dirname(os.path.dirname(t)))
    name = os.path.basename(os.path.dirname(t))
    o = os.path.join(out, "%s-%s" % (sset, name))
    rc = open(o + ".rc").read().strip() if os.path.exists(o + ".rc") else "not run"
    try:
        r = json.load(open(os.path.join(o, "report.json")))
    except Exception:
        r = {}
    p = r.get("patch") or {}
    comp = p.get("compile") or {}
    def cell(tool, which):
        c = comp.get(tool)
        if not c:
            return "-"
        return c.get(which, "-")
    row = {"task": "%s/%s" % (sset, name), "rc": rc, "verdict": r.get("verdict", "no report"),
           "delivery": r.get("delivery", "-") if r.get("verdict") == "repaired" else "-",
           "changed_lines": p.get("changed_lines", "-") if r.get("delivery") in ("patch", "regenerated") else "-",
           "headers_subset": (p.get("headers") or {}).get("subset_of_original", "-")}
    for tool in ("nvrtc", "nvcc"):
        row[tool + "_status"] = cell(tool, "status")
        row[tool + "_original"] = cell(tool, "original")
        row[tool + "_delivered"] = cell(tool, "delivered")
        c = comp.get(tool) or {}
        row[tool + "_note"] = (c.get("reason") or (c.get("log") or "").split("\n")[0])[:160]
    rows.append(row)
    bump("tasks")
    if row["verdict"] == "repaired":
        bump("repaired")
        bump("delivery " + str(row["delivery"]))
        for tool in ("nvrtc", "nvcc"):
            bump("%s %s" % (tool, row[tool + "_status"]))
            if row[tool + "_original"] == "ok" and row[tool + "_delivered"] == "ok":
                bump("%s both compile" % tool)
        if row["headers_subset"] is False:
            bump("delivered file adds a header")
with open(os.path.join(dest, "delivery-compile.jsonl"), "w") as f:
    for row in rows:
        f.write(json.dumps(row) + "\n")
cols = ["task", "verdict", "delivery", "changed_lines", "nvrtc_original", "nvrtc_delivered",
        "nvrtc_status", "nvcc_original", "nvcc_delivered", "nvcc_status", "headers_subset"]
md = ["# Delivery compiled with NVRTC and nvcc (`kfix debug --target cuda`)", "",
      "| " + " | ".join(cols) + " |", "|" + " --- |" * len(cols)]
for row in rows:
    md.append("| " + " | ".join(str(row[c]) for c in cols) + " |")
md += ["", "## Totals", ""]
for k in sorted(tot):
    md.append("- %s: %d" % (k, tot[k]))
notes = [r for r in rows if r["verdict"] == "repaired" and
         any(r[t + "_status"] in ("rejected", "not-applicable") for t in ("nvrtc", "nvcc"))]
if notes:
    md += ["", "## Rejected / not applicable (first line)", ""]
    for r in notes:
        for t in ("nvrtc", "nvcc"):
            if r[t + "_status"] in ("rejected", "not-applicable"):
                md.append("- %s %s %s: %s" % (r["task"], t, r[t + "_status"], r[t + "_note"]))
open(os.path.join(dest, "delivery-compile.md"), "w").write("\n".join(md) + "\n")
print("\n".join(md[-40:]))
PY
echo "== done ($(( $(date +%s) - START )) s)"; ls -la "$OUT"
