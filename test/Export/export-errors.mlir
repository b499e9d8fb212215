// RUN: kfix-translate --export-cuda %s --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{cannot export 'memref.dim' to CUDA C++}}
      %d = memref.dim %p, %c0 : memref<?xf32>
      %x = arith.index_cast %d : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %p[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %p[%c0] : memref<?xf32>
      // expected-error @+1 {{cannot export 'kfix.probe' to CUDA C++ (the lifted-IR table, lib/LiftedIR, does not mark it exportable)}}
      kfix.probe "v" %v site 0 : f32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kernel argument #0 is a memref but its C++ type 'float' is not a pointer}}
    gpu.func @k(%p: memref<?xf32>) kernel attributes {kfix.arg_names = ["p"], kfix.arg_ctypes = ["float"]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kfix.arg_names/kfix.arg_ctypes do not have one entry per argument (2)}}
    gpu.func @k(%p: memref<?xf32>, %n: i32) kernel attributes {kfix.arg_names = ["p"]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1.0 : f32
      // expected-error @+1 {{only compare-and-swap (atomicCAS) on i32/i64 is supported}}
      %r = memref.generic_atomic_rmw %p[%c0] : memref<?xf32> {
      ^bb0(%cur: f32):
        %n = arith.addf %cur, %c1 : f32
        memref.atomic_yield %n : f32
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<?xf32>, %v: f32) kernel {
      %c0 = arith.constant 0 : index
      %o = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      // expected-error @+1 {{cannot export the validity result of gpu.shuffle}}
      %s, %ok = gpu.shuffle xor %v, %o, %w : f32
      %z = arith.constant 0.0 : f32
      %r = arith.select %ok, %s, %z : f32
      memref.store %r, %p[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %p[%c0] : memref<?xf32>
      // expected-error @+1 {{cannot export type 'vector<8xf32>' to CUDA C++}}
      %b = vector.broadcast %v : f32 to vector<8xf32>
      %e = vector.extract %b[0] : f32 from vector<8xf32>
      memref.store %e, %p[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// expected-error @+1 {{no gpu.func kernel to export}}
module {
}
