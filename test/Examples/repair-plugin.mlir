// REQUIRES: plugins
// Installs kfix into a scratch prefix, builds examples/repair-plugin against the
// installed package, and loads the plugin into kfix-opt.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cmake --install %kfix_obj --prefix %t/prefix > %t/install.log
// RUN: cmake -G Ninja -S %kfix_src/examples/repair-plugin -B %t/build -DKFix_DIR=%t/prefix/lib/cmake/kfix -DCMAKE_CXX_COMPILER=clang++ > %t/configure.log
// RUN: ninja -C %t/build > %t/build.log
// RUN: %t/prefix/bin/kfix-opt %s --load-pass-plugin=%t/build/KFixPreciseExpPlugin.so --pass-pipeline='builtin.module(gpu.module(kfix-repair-precise-math))' | FileCheck %s
// RUN: %t/prefix/bin/kfix-opt %s --load-pass-plugin=%t/build/KFixPreciseExpPlugin.so --pass-pipeline='builtin.module(gpu.module(kfix-repair-precise-math{line=99}))' | FileCheck %s --check-prefix=NOLINE

gpu.module @m {
  // CHECK-LABEL: gpu.func @fast
  gpu.func @fast(%x: f32, %y: f32) kernel {
    // CHECK: math.exp %{{.*}} {kfix.repaired = "kfix-repair-precise-math"} : f32
    // NOLINE: math.exp %{{.*}} fastmath<afn> : f32
    %e = math.exp %x fastmath<afn> : f32 loc("k.cu":7:12)
    // CHECK: arith.divf %{{.*}}, %{{.*}} {kfix.repaired = "kfix-repair-precise-math"} : f32
    %d = arith.divf %e, %y fastmath<arcp,afn> : f32 loc("k.cu":8:12)
    // Accurate ops are left alone.
    // CHECK: math.log %{{.*}} : f32
    // CHECK-NOT: kfix.repaired
    %l = math.log %x : f32 loc("k.cu":9:12)
    gpu.return
  }
}
