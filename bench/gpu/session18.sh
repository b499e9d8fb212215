#!/usr/bin/env bash
# Session 18 on the GPU (carry .gpu: the portable tarball and .gpu/cases), two calls:
#   PART=b  the hzeng2000 local bugs of bench/real/local-bugs-session18.txt at once
#           (Kimi 4: the stale-accumulator suspect model; grok 26: the second
#           scaling tier for 16^3 volumes and the dropped-factor prior)
#   PART=f  the 14 session-18 NM-bench tasks (written by a helper, *-s18) on the GPU
#           target (KB + edits, -j 8), then their repaired kernels timed against the
#           originals and the human fixes (bench/gpu/repaired-time.py)
#   PART=n  NM-bench on the GPU target (KB + edits, -j 8) and the repaired kernels
#           timed against the originals and the human fixes (bench/gpu/nmbench.sh
#           STEPS="bench rtime"), the tarball unpacked outside the checkout
set -u
SET=${SET:-s18}   # the fresh tasks of PART=f: bench/tasks/*-$SET (session19.sh: s19)
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
case "${PART:-b}" in
b)
  OUT=$OUTDIR RESULTS=/tmp/real-gpu LIST=bench/real/local-bugs-session18.txt JOBS=${JOBS:-2} \
    TIME_LIMIT=${TIME_LIMIT:-480} CASE_TIMEOUT=${CASE_TIMEOUT:-530} DEADLINE=30 \
    bash bench/gpu/session11-eh.sh > "$OUTDIR/log.txt" 2>&1
  tail -n 14 "$OUTDIR/summary.md"; head -60 "$OUTDIR/diffs.txt" ;;
f)
  P=/tmp/kfix-prefix-f; rm -rf $P; mkdir -p $P && tar -C $P -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  KF=$(ls -d $P/kfix-*/ | head -1)bin/kfix
  rm -rf /tmp/${SET}t /tmp/b${SET#s} /tmp/rep && mkdir -p /tmp/${SET}t /tmp/rep
  for d in bench/tasks/*-${SET}; do ln -s $PWD/$d /tmp/${SET}t/; done
  timeout -k 5 ${T_BENCH:-150} "$KF" bench /tmp/${SET}t --target ${KFIX_TARGET:-cuda} -j ${JOBS:-8} --task-timeout 90 -o /tmp/b${SET#s} \
    > "$OUTDIR/bench-${SET}.log" 2>&1
  grep -E "^\[|Pass@1" "$OUTDIR/bench-${SET}.log"
  for d in /tmp/b${SET#s}/tasks/*/; do
    t=$(basename "$d")
    grep -q '"verdict": "repaired"' "$d/report.json" 2>/dev/null && [ -f "$d/repaired.mlir" ] \
      && cp "$d/repaired.mlir" "/tmp/rep/$t.mlir"
  done
  KFIX=$KF KFIX_GPU_BENCH_TARGET=${KFIX_TARGET:-cuda} OUT=$OUTDIR REPS=${REPS:-30} timeout -k 5 ${T_RTIME:-90} python3 bench/gpu/repaired-time.py /tmp/rep
  cat "$OUTDIR/repaired-time.md" 2>/dev/null | tail -n 16 ;;
n)
  P=/tmp/kfix-prefix-n; rm -rf $P; mkdir -p $P && tar -C $P -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  KFIX=$(ls -d $P/kfix-*/ | head -1)bin/kfix OUT=$OUTDIR STEPS="bench rtime" JOBS=${JOBS:-8} \
    T_BENCH=${T_BENCH:-340} T_RTIME=${T_RTIME:-200} bash bench/gpu/nmbench.sh > /dev/null 2>&1
  grep -E "^==|rc=|Pass@1|repaired" "$OUTDIR/nmbench.log" | head -30
  tail -n 4 "$OUTDIR/repaired-time.md" 2>/dev/null ;;
esac
