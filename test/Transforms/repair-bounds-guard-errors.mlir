// RUN: kfix-opt %s --split-input-file --verify-diagnostics --kfix-repair-bounds-guard='bound=m'

gpu.module @kernels {
  // expected-error @+1 {{kfix-repair-bounds-guard: kernel @k has no integer parameter named 'm'}}
  gpu.func @k(%c: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "k", kfix.arg_names = ["c", "n"], kfix.arg_ctypes = ["float *", "int"]} {
    %tid = gpu.thread_id x
    %t = arith.index_castui %tid : index to i32
    %x = arith.index_cast %t : i32 to index
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x] : memref<?xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-warning @+1 {{not applied to @k: the accesses to guard hold a barrier or a warp collective}}
  gpu.func @k(%c: memref<?xf32>, %m: i32) kernel
      attributes {kfix.name = "k", kfix.arg_names = ["c", "m"], kfix.arg_ctypes = ["float *", "int"]} {
    %tid = gpu.thread_id x
    %t = arith.index_castui %tid : index to i32
    %x = arith.index_cast %t : i32 to index
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x] : memref<?xf32>
    gpu.barrier
    gpu.return
  }
}
