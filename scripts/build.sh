#!/usr/bin/env bash
# Configures and builds kfix into ./build (or $KFIX_BUILD_DIR). Extra arguments go to cmake.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${KFIX_BUILD_DIR:-$ROOT/build}"
LLVM=/usr/lib/llvm-22
# Paths under the checkout are hashed relative to it, so a clone anywhere (CI)
# reuses the cache of another checkout.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
export CCACHE_NOHASHDIR=1
args=(-G Ninja -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_C_COMPILER="$LLVM/bin/clang" -DCMAKE_CXX_COMPILER="$LLVM/bin/clang++"
      -DMLIR_DIR="$LLVM/lib/cmake/mlir" -DClang_DIR="$LLVM/lib/cmake/clang"
      -DLLVM_EXTERNAL_LIT="$LLVM/bin/lit")
if command -v ccache >/dev/null; then
  args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if command -v ld.lld >/dev/null; then
  args+=(-DLLVM_USE_LINKER=lld)
fi
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD" "${args[@]}" "$@" >/dev/null
elif [ $# -gt 0 ]; then
  cmake -S "$ROOT" -B "$BUILD" "$@" >/dev/null
fi
ninja -C "$BUILD" ${KFIX_NINJA_TARGETS:-}
