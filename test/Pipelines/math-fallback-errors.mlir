// RUN: kfix-opt %s --verify-diagnostics --kfix-lower-to-nvvm=libdevice=none

// f64 transcendentals have no approximation: a precise error, not an
// unresolved __nv_exp in the PTX.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @m64(%x: memref<?xf64>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<?xf64>
      // expected-error @below {{'math.exp' on 'f64' needs libdevice}}
      %a = math.exp %v : f64
      %s = math.sqrt %a : f64
      memref.store %s, %x[%tid] : memref<?xf64>
      gpu.return
    }
  }
}
