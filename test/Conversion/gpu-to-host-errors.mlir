// RUN: kfix-opt %s --kfix-gpu-to-host --verify-diagnostics --split-input-file

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vshfl(%x: memref<?xf32>) kernel {
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %v = arith.constant dense<1.0> : vector<2xf32>
      // expected-error @below {{the CPU executor shuffles only scalars of up to 64 bits}}
      %s, %ok = gpu.shuffle xor %v, %c1, %c32 : vector<2xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cluster(%x: memref<?xindex>) kernel {
      // expected-error @below {{cannot lower 'gpu.cluster_id' to the CPU executor (the lifted-IR table, lib/LiftedIR, does not mark it lowerable to host)}}
      %c = gpu.cluster_id x
      %c0 = arith.constant 0 : index
      memref.store %c, %x[%c0] : memref<?xindex>
      gpu.return
    }
  }
}
