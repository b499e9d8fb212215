#!/usr/bin/env bash
# Checks every NM-bench task with the real tool on the CPU executor:
#   kfix run TASK/task.json                           must FAIL (exit 1): kernel.cu is buggy
#   kfix run TASK/task.json --candidate TASK/fixed.cu must PASS (exit 0)
# Usage: bench/tasks/verify.sh [-j N] [--kfix PATH] [TASK_DIR_OR_NAME...]
# Exit status 0 when every check holds, 1 otherwise. Prints one line per task and a summary.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kfix="${KFIX:-$root/build/bin/kfix}"
jobs=2
tasks=()
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs="$2"; shift 2 ;;
    -j*) jobs="${1#-j}"; shift ;;
    --kfix) kfix="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) tasks+=("$1"); shift ;;
  esac
done
if [ ! -x "$kfix" ]; then echo "verify.sh: no kfix binary at $kfix (build first or pass --kfix)" >&2; exit 2; fi
if [ ${#tasks[@]} -eq 0 ]; then
  for d in "$here"/*/; do [ -f "$d/task.json" ] && tasks+=("${d%/}"); done
fi

check_one() {
  local kfix="$1" d="$2"
  [ -d "$d" ] || d="$here/$d"
  local name; name=$(basename "$d")
  "$kfix" run "$d/task.json" --target cpu >/dev/null 2>&1; local a=$?
  "$kfix" run "$d/task.json" --target cpu --candidate "$d/fixed.cu" >/dev/null 2>&1; local b=$?
  local st=ok why=""
  [ "$a" = 1 ] || { st=BAD; why="kernel.cu: exit $a, want 1 (fail);"; }
  [ "$b" = 0 ] || { st=BAD; why="$why fixed.cu: exit $b, want 0 (pass)"; }
  printf '%-4s %-34s buggy=%s fixed=%s %s\n' "$st" "$name" "$a" "$b" "$why"
}
export -f check_one
export here

out=$(printf '%s\n' "${tasks[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$0" "$1"' "$kfix" {} | sort -k2)
echo "$out"
total=$(printf '%s\n' "$out" | grep -c .)
bad=$(printf '%s\n' "$out" | grep -c '^BAD')
echo "NM-bench verify: $((total - bad))/$total tasks ok ($bad bad)"
[ "$bad" = 0 ]
