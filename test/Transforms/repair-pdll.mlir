// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-pdll='pattern=EpsilonInsideRsqrt' | FileCheck %s --check-prefix=EPS
// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-pdll='pattern=IntDivisionToFloat' | FileCheck %s --check-prefix=DIV
// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-pdll='pattern=ShuffleFullMask loc=warp.cu:5' | FileCheck %s --check-prefix=SHFL
// RUN: not kfix-opt %s --split-input-file --kfix-repair-pdll='pattern=NoSuch' 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: kfix-repair-pdll: unknown PDLL pattern 'NoSuch' (known: EpsilonInsideRsqrt, EpsilonInsideSqrt, IntDivisionToFloat, ShuffleFullMask, UnsignedDivisionToFloat)

// __global__ void rms_scale(const float *ms, float *inv, float eps, int n, int bins) {
//   int i = threadIdx.x;
//   inv[i] = rsqrtf(ms[i]) + eps;            // rsqrtf(ms[i] + eps) was meant
//   inv[i + n] = (float)(i / bins);          // (float)i / bins was meant
// }
gpu.module @kernels {
  // EPS-LABEL: gpu.func @rms_scale
  // DIV-LABEL: gpu.func @rms_scale
  gpu.func @rms_scale(%ms: memref<?xf32>, %inv: memref<?xf32>, %eps: f32, %n: i32, %bins: i32) kernel
      attributes {kfix.name = "rms_scale", kfix.arg_names = ["ms", "inv", "eps", "n", "bins"],
                  kfix.arg_ctypes = ["const float *", "float *", "float", "int", "int"]} {
    %tx = gpu.thread_id x
    %i = arith.index_castui %tx : index to i32
    %v = memref.load %ms[%tx] : memref<?xf32>
    // EPS: %[[S:.*]] = arith.addf %{{.*}}, %arg2 {kfix.repaired = "kfix-repair-pdll"} : f32
    // EPS-NEXT: %[[R:.*]] = math.rsqrt %[[S]] {kfix.repaired = "kfix-repair-pdll"} : f32
    // EPS-NEXT: memref.store %[[R]]
    // DIV: math.rsqrt %{{.*}} : f32
    // DIV-NEXT: arith.addf
    %r = math.rsqrt %v : f32
    %a = arith.addf %r, %eps : f32
    memref.store %a, %inv[%tx] : memref<?xf32>
    // DIV: %[[A:.*]] = arith.sitofp %{{.*}} : i32 to f32
    // DIV-NEXT: %[[B:.*]] = arith.sitofp %arg4 : i32 to f32
    // DIV-NEXT: %[[Q:.*]] = arith.divf %[[A]], %[[B]] {kfix.repaired = "kfix-repair-pdll"} : f32
    // EPS: arith.divsi
    // EPS-NEXT: arith.sitofp
    %q = arith.divsi %i, %bins : i32
    %qf = arith.sitofp %q : i32 to f32
    %j = arith.addi %i, %n : i32
    %jx = arith.index_cast %j : i32 to index
    memref.store %qf, %inv[%jx] : memref<?xf32>
    gpu.return
  }
}

// -----

// __global__ void warp_sum(const float *x, float *out) {
//   float v = x[threadIdx.x];
//   v += __shfl_down_sync(0xffffffff, v, 16);
//   v += __shfl_down_sync(0xffffffff, v, 8);
//   v += __shfl_down_sync(0x0000ffff, v, 4);     // line 5: partial mask
//   ...
// }
gpu.module @kernels {
  // SHFL-LABEL: gpu.func @warp_sum
  gpu.func @warp_sum(%x: memref<?xf32>, %out: memref<?xf32>) kernel
      attributes {kfix.name = "warp_sum", kfix.arg_names = ["x", "out"],
                  kfix.arg_ctypes = ["const float *", "float *"]} {
    %c4 = arith.constant 4 : i32
    %c32 = arith.constant 32 : i32
    %tx = gpu.thread_id x
    %v = memref.load %x[%tx] : memref<?xf32>
    // SHFL: gpu.shuffle down %{{.*}}, %{{.*}}, %{{.*}} {kfix.repaired = "kfix-repair-pdll"} : f32
    // SHFL-NOT: kfix.mask = 65535
    // SHFL: gpu.shuffle down %{{.*}}, %{{.*}}, %{{.*}} {kfix.mask = 255 : i64} : f32
    %s, %ok = gpu.shuffle down %v, %c4, %c32 {kfix.mask = 65535 : i64} : f32 loc("warp.cu":5:8)
    %w = arith.addf %v, %s : f32
    %s2, %ok2 = gpu.shuffle down %w, %c4, %c32 {kfix.mask = 255 : i64} : f32 loc("warp.cu":6:8)
    %w2 = arith.addf %w, %s2 : f32
    memref.store %w2, %out[%tx] : memref<?xf32>
    gpu.return
  }
}
