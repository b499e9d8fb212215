#!/usr/bin/env bash
# Checks (default) or applies (--fix) the tree's C++ formatting: .clang-format (LLVM style,
# 100 columns, include order kept) over lib, include, tools, unittests and fuzz. Test inputs
# are not formatted (their line and column numbers are what the tests check).
set -euo pipefail
cd "$(dirname "$0")/.."
CF=/usr/lib/llvm-22/bin/clang-format
[ -x "$CF" ] || { echo "check-format: $CF not found (apt-get install clang-format-22)" >&2; exit 2; }
mapfile -t files < <(git ls-files 'lib/*.cpp' 'lib/*.h' 'include/*.h' 'tools/*.cpp' \
                       'unittests/*.cpp' 'unittests/*.h' 'fuzz/*.cpp' 'fuzz/*.h' | grep -v '/Inputs/')
if [ "${1:-}" = --fix ]; then
  "$CF" -i "${files[@]}"
else
  "$CF" --dry-run -Werror "${files[@]}" && echo "check-format: ${#files[@]} files formatted"
fi
