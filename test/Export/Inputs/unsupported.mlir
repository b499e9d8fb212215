module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ok(%p: memref<?xf32>) kernel {
      gpu.return
    }
    gpu.func @bad(%p: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %d = memref.dim %p, %c0 : memref<?xf32> loc("/src/kernel.cu":7:3)
      %x = arith.index_cast %d : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %p[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
