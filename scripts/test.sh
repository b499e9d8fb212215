#!/usr/bin/env bash
# Sets up, builds and runs every kfix test (lit + FileCheck, the gtest unit tests,
# the KB regression tests, the CI-sized benchmark, a smoke run of each fuzz target),
# then prints `N passed, N failed`. The fuzz targets are built in build-fuzz
# (scripts/build-fuzz.sh); KFIX_NO_FUZZ=1 skips that build and test/Fuzz.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${KFIX_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/setup.sh" || exit 2
"$ROOT/scripts/build.sh" || { echo "0 passed, 1 failed"; exit 1; }
ninja -C "$BUILD" KFixUnitTests >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
if [ "${KFIX_NO_FUZZ:-0}" = 0 ]; then
  "$ROOT/scripts/build-fuzz.sh" >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
fi
XML="$BUILD/test-results.xml"
/usr/lib/llvm-22/bin/lit -sv --xunit-xml-output "$XML" "$BUILD/test" "$BUILD/test/Unit" "$@"
python3 "$ROOT/scripts/summarize-lit.py" "$XML"
