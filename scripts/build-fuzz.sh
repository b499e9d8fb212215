#!/usr/bin/env bash
# Configures and builds the libFuzzer targets (fuzz/) into ./build-fuzz (or
# $KFIX_FUZZ_BUILD_DIR): kfix's sources instrumented with ASan + UBSan +
# libFuzzer coverage, only the libraries the targets link (docs/fuzzing.md).
# Needs clang's runtimes (libclang-rt-22-dev, installed by scripts/setup.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${KFIX_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
LLVM=/usr/lib/llvm-22
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
export CCACHE_NOHASHDIR=1
args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DKFIX_FUZZ=ON -DKFIX_ENABLE_TESTS=OFF
      -DCMAKE_C_COMPILER="$LLVM/bin/clang" -DCMAKE_CXX_COMPILER="$LLVM/bin/clang++"
      -DMLIR_DIR="$LLVM/lib/cmake/mlir" -DClang_DIR="$LLVM/lib/cmake/clang")
if command -v ccache >/dev/null; then
  args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if command -v ld.lld >/dev/null; then
  args+=(-DLLVM_USE_LINKER=lld)
fi
if [ ! -f "$BUILD/build.ninja" ] || [ $# -gt 0 ]; then
  cmake -S "$ROOT" -B "$BUILD" "${args[@]}" "$@" >/dev/null
fi
# One ninja at a time with the main build (the machine is small).
if command -v flock >/dev/null; then
  flock /tmp/kfix-ninja.lock ninja -C "$BUILD" kfix-fuzzers
else
  ninja -C "$BUILD" kfix-fuzzers
fi
