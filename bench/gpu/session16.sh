#!/usr/bin/env bash
# Session 16 on the H200 (carry .gpu: the portable tarball and .gpu/cases), three calls:
#   PART=t  the repair turnaround inside kfix debug (bench/gpu/perf.py turnaround, alone
#           on the GPU) with the session's case cache (inputs and reference outputs kept
#           across candidates), and per step the screening split: compile, inputs,
#           reference, candidate, compare (trace.jsonl ms_split); then the same with
#           KFIX_CASE_CACHE=0, side by side.
#   PART=e  eh 14/s2 and 15/s0 (bench/real/local-bugs-session15-eh.txt) with the
#           time their searches need (--time-limit 470; session 15 gave them 300).
#   PART=b  the hzeng2000 rest (bench/real/local-bugs-hzeng-rest.txt), 4 at a time.
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
split() {  # $1: the turnaround work dir's debug runs -> one line per screened step
  for d in "$1"/debug-*/; do
    grep -h '"screen_compile"' "$d/trace.jsonl" | python3 -c "
import json,sys
for l in sys.stdin:
    j=json.loads(l); s=j['ms_split']
    print(j['outcome'], 'cached_cases=%s' % j.get('screen_cases_cached'), ' '.join('%s=%.1f' % (k, v) for k, v in sorted(s.items())))"
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print('case_cache', r.get('case_cache'), 'accepted', r.get('accepted_repair'))" "$d/report.json"
  done
}
case "${PART:-t}" in
t)
  mkdir -p "$OUTDIR/perf" "$OUTDIR/perf-nocache" /tmp/kfix-prefix-perf
  tar -C /tmp/kfix-prefix-perf -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  K=$(ls -d /tmp/kfix-prefix-perf/kfix-*/ | head -1)
  ( cd /tmp && OUT=$OUTDIR/perf KFIX=${K}bin/kfix PATH=${K}bin:$PATH TURN_REPS=6 \
      python3 "$OLDPWD/bench/gpu/perf.py" turnaround > "$OUTDIR/perf/log.txt" 2>&1 )
  split /tmp/kfix-gpu-turnaround > "$OUTDIR/perf/split.txt" 2>&1
  rm -rf /tmp/kfix-gpu-turnaround
  ( cd /tmp && KFIX_CASE_CACHE=0 OUT=$OUTDIR/perf-nocache KFIX=${K}bin/kfix PATH=${K}bin:$PATH TURN_REPS=6 \
      python3 "$OLDPWD/bench/gpu/perf.py" turnaround > "$OUTDIR/perf-nocache/log.txt" 2>&1 )
  split /tmp/kfix-gpu-turnaround > "$OUTDIR/perf-nocache/split.txt" 2>&1
  head -12 "$OUTDIR/perf/perf.md"; head -12 "$OUTDIR/perf-nocache/perf.md"
  head -8 "$OUTDIR/perf/split.txt"; head -8 "$OUTDIR/perf-nocache/split.txt" ;;
e)
  mkdir -p "$OUTDIR/eh"
  OUT=$OUTDIR/eh RESULTS=/tmp/real-eh LIST=bench/real/local-bugs-session15-eh.txt JOBS=2 \
    TIME_LIMIT=${TIME_LIMIT:-470} CASE_TIMEOUT=${CASE_TIMEOUT:-530} bash bench/gpu/session11-eh.sh > "$OUTDIR/eh/log.txt" 2>&1
  tail -n 12 "$OUTDIR/eh/summary.md"; grep -h "PLEASE\|Stack dump\|Segmentation" -r /tmp/real-eh 2>/dev/null | head ;;
b)
  mkdir -p "$OUTDIR/hz"
  OUT=$OUTDIR/hz RESULTS=/tmp/real-hz LIST=${LIST:-bench/real/local-bugs-hzeng-rest.txt} JOBS=4 \
    TIME_LIMIT=${TIME_LIMIT:-240} CASE_TIMEOUT=${CASE_TIMEOUT:-280} bash bench/gpu/session11-eh.sh > "$OUTDIR/hz/log.txt" 2>&1
  tail -n 20 "$OUTDIR/hz/summary.md" ;;
esac
