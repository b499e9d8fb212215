#!/usr/bin/env bash
# Session 15 on the H200 (carry .gpu: the portable tarball and .gpu/cases).
#   PART=a  the repair turnaround inside kfix debug (bench/gpu/perf.py turnaround, alone
#           on the GPU), then eh 14/s2 and 15/s0 (bench/real/local-bugs-session15-eh.txt,
#           --time-limit 300) with the candidate launch limit and the loop-step fix.
#   PART=b  the hzeng2000 rest (bench/real/local-bugs-hzeng-rest.txt) 4 at a time, so
#           that their searches get time (session 14 ran 10 at once: contention-bound).
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
case "${PART:-a}" in
a)
  mkdir -p "$OUTDIR/eh" "$OUTDIR/perf" /tmp/kfix-prefix-perf
  tar -C /tmp/kfix-prefix-perf -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  K=$(ls -d /tmp/kfix-prefix-perf/kfix-*/ | head -1)
  ( cd /tmp && OUT=$OUTDIR/perf KFIX=${K}bin/kfix PATH=${K}bin:$PATH TURN_REPS=6 \
      python3 "$OLDPWD/bench/gpu/perf.py" turnaround > "$OUTDIR/perf/log.txt" 2>&1 )
  for i in 0 1 2 3 4 5; do
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(json.dumps({'costs': r.get('costs'), 'accepted_repair': r.get('accepted_repair')}))" \
      /tmp/kfix-gpu-turnaround/debug-$i/report.json 2>&1
    grep -h '"ms_split"' /tmp/kfix-gpu-turnaround/debug-$i/trace.jsonl | python3 -c "
import json,sys
for l in sys.stdin:
    j=json.loads(l); print(j['outcome'], json.dumps(j['ms_split']))"
  done > "$OUTDIR/perf/compiles.txt" 2>&1
  OUT=$OUTDIR/eh RESULTS=/tmp/real-eh LIST=bench/real/local-bugs-session15-eh.txt JOBS=2 \
    TIME_LIMIT=300 CASE_TIMEOUT=340 bash bench/gpu/session11-eh.sh > "$OUTDIR/eh/log.txt" 2>&1
  tail -n 12 "$OUTDIR/eh/summary.md"; head -20 "$OUTDIR/perf/perf.md"; cat "$OUTDIR/perf/compiles.txt" ;;
b)
  mkdir -p "$OUTDIR/hz"
  OUT=$OUTDIR/hz RESULTS=/tmp/real-hz LIST=${LIST:-bench/real/local-bugs-hzeng-rest.txt} JOBS=4 \
    TIME_LIMIT=${TIME_LIMIT:-240} CASE_TIMEOUT=${CASE_TIMEOUT:-280} bash bench/gpu/session11-eh.sh > "$OUTDIR/hz/log.txt" 2>&1
  tail -n 20 "$OUTDIR/hz/summary.md" ;;
esac
