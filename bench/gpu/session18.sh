#!/usr/bin/env bash
# Session 18 on the GPU (carry .gpu: the portable tarball and .gpu/cases), two calls:
#   PART=b  the hzeng2000 local bugs of bench/real/local-bugs-session18.txt at once
#           (Kimi 4: the stale-accumulator suspect model; grok 26: the second
#           scaling tier for 16^3 volumes and the dropped-factor prior)
#   PART=n  NM-bench on the GPU target (KB + edits, -j 8) and the repaired kernels
#           timed against the originals and the human fixes (bench/gpu/nmbench.sh
#           STEPS="bench rtime"), the tarball unpacked outside the checkout
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
case "${PART:-b}" in
b)
  OUT=$OUTDIR RESULTS=/tmp/real-gpu LIST=bench/real/local-bugs-session18.txt JOBS=${JOBS:-2} \
    TIME_LIMIT=${TIME_LIMIT:-480} CASE_TIMEOUT=${CASE_TIMEOUT:-530} DEADLINE=30 \
    bash bench/gpu/session11-eh.sh > "$OUTDIR/log.txt" 2>&1
  tail -n 14 "$OUTDIR/summary.md"; head -60 "$OUTDIR/diffs.txt" ;;
n)
  P=/tmp/kfix-prefix-n; rm -rf $P; mkdir -p $P && tar -C $P -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  KFIX=$(ls -d $P/kfix-*/ | head -1)bin/kfix OUT=$OUTDIR STEPS="bench rtime" JOBS=${JOBS:-8} \
    T_BENCH=${T_BENCH:-340} T_RTIME=${T_RTIME:-200} bash bench/gpu/nmbench.sh > /dev/null 2>&1
  grep -E "^==|rc=|Pass@1|repaired" "$OUTDIR/nmbench.log" | head -30
  tail -n 4 "$OUTDIR/repaired-time.md" 2>/dev/null ;;
esac
