// RUN: kfix-opt --kfix-verify-lifted %s --split-input-file --verify-diagnostics

// An op that the table does not list.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %pad = arith.constant 0.0 : f32
      // expected-error @+1 {{'vector.transfer_read' is not an op of the lifted IR}}
      %v = vector.transfer_read %p[%c0], %pad {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// A function call: the lifter inlines device functions, so no func op is lifted IR.
module attributes {gpu.container_module} {
  // expected-error @+1 {{'func.func' is not an op of the lifted IR}}
  func.func @helper() {
    // expected-error @+1 {{'func.return' is not an op of the lifted IR}}
    return
  }
}

// -----

// A structural op inside a kernel.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{'builtin.module' may not appear inside a kernel}}
      builtin.module {
      }
      gpu.return
    }
  }
}

// -----

// Kernel-body ops outside a kernel (a device function the lifter did not inline).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @helper(%p: memref<?xf32>) {
      // expected-error @+1 {{'arith.constant' may only appear inside a kernel}}
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'memref.load' may only appear inside a kernel}}
      %v = memref.load %p[%c0] : memref<?xf32>
      // expected-error @+1 {{'gpu.return' may only appear inside a kernel}}
      gpu.return
    }
  }
}
