#!/usr/bin/env bash
# Session 14 on the H200 (carry .gpu: the portable tarball and .gpu/cases), two calls:
#   PART=a  the two hzeng2000 candidates whose launches exceed the capture budget
#           (bench/real/local-bugs-session13-big.txt, --time-limit 530) beside the
#           other 8 hzeng2000 ones (bench/real/local-bugs-hzeng-rest.txt, 300 s);
#   PART=b  the 7 eh-kernelbench ones (480 s) beside the repair turnaround inside
#           kfix debug (bench/gpu/perf.sh turnaround) and its compile counts.
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
case "${PART:-a}" in
a)
  mkdir -p "$OUTDIR/big" "$OUTDIR/hz"
  ( OUT=$OUTDIR/big RESULTS=/tmp/real-big PREFIX=/tmp/kfix-prefix-big \
      LIST=bench/real/local-bugs-session13-big.txt JOBS=2 TIME_LIMIT=530 CASE_TIMEOUT=570 \
      bash bench/gpu/session11-eh.sh > "$OUTDIR/big/log.txt" 2>&1 ) &
  OUT=$OUTDIR/hz RESULTS=/tmp/real-hz LIST=bench/real/local-bugs-hzeng-rest.txt JOBS=8 \
    TIME_LIMIT=300 CASE_TIMEOUT=340 bash bench/gpu/session11-eh.sh > "$OUTDIR/hz/log.txt" 2>&1
  wait
  tail -n 20 "$OUTDIR/big/summary.md" "$OUTDIR/hz/summary.md" ;;
b)
  mkdir -p "$OUTDIR/eh" "$OUTDIR/perf" /tmp/kfix-prefix-perf
  tar -C /tmp/kfix-prefix-perf -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  K=$(ls -d /tmp/kfix-prefix-perf/kfix-*/ | head -1)
  ( cd /tmp && OUT=$OUTDIR/perf KFIX=${K}bin/kfix PATH=${K}bin:$PATH TURN_REPS=6 \
      python3 "$OLDPWD/bench/gpu/perf.py" turnaround > "$OUTDIR/perf/log.txt" 2>&1
    for i in 0 1 2 3 4 5; do
      python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(json.dumps({'costs': r.get('costs'), 'accepted_repair': r.get('accepted_repair')}))" \
        /tmp/kfix-gpu-turnaround/debug-$i/report.json 2>&1
    done > "$OUTDIR/perf/compiles.txt" ) &
  OUT=$OUTDIR/eh RESULTS=/tmp/real-eh LIST=bench/real/local-bugs-eh.txt JOBS=7 TIME_LIMIT=480 \
    bash bench/gpu/session11-eh.sh > "$OUTDIR/eh/log.txt" 2>&1
  wait
  tail -n 12 "$OUTDIR/eh/summary.md"; cat "$OUTDIR/perf/perf.md" | head -20; cat "$OUTDIR/perf/compiles.txt" ;;
esac
