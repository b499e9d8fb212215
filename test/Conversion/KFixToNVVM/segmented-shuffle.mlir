// RUN: kfix-opt %s --pass-pipeline='builtin.module(gpu.module(kfix-lower-segmented-shuffles))' | FileCheck %s

// A width-8 shuffle becomes shfl.sync with CUDA's c operand
// ((32 - width) << 8 | clamp); width-32 shuffles stay for convert-gpu-to-nvvm.
gpu.module @m {
  // CHECK-LABEL: gpu.func @seg
  gpu.func @seg(%v: f32, %o: i32, %w: i32) -> f32 {
    %c8 = arith.constant 8 : i32
    %c32 = arith.constant 32 : i32
    // CHECK: %[[SUB:.*]] = arith.subi %{{.*}}, %c8
    // CHECK: %[[SEG:.*]] = arith.shli %[[SUB]]
    // CHECK: %[[C:.*]] = arith.ori %[[SEG]], %{{.*}}
    // CHECK: nvvm.shfl.sync down %{{.*}}, %{{.*}}, %{{.*}}, %[[C]] : f32 -> f32
    %a, %va = gpu.shuffle down %v, %o, %c8 : f32
    // The valid flag, when used, comes from the struct form.
    // CHECK: nvvm.shfl.sync up {{.*}} {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
    // CHECK: llvm.extractvalue
    %b, %vb = gpu.shuffle up %a, %o, %w : f32
    %s = arith.select %vb, %b, %a : f32
    // CHECK: gpu.shuffle xor %{{.*}}, %{{.*}}, %c32
    %c, %vc = gpu.shuffle xor %s, %o, %c32 : f32
    gpu.return %c : f32
  }
}
