// Cheat (already lifted IR): a call to an external function the gate cannot see into.
module attributes {gpu.container_module, kfix.source = "disallowed-call-axpy.mlir"} {
  gpu.module @kernels {
    func.func private @__nv_fast_axpy(f32, f32, f32) -> f32
    gpu.func @axpy(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: f32, %arg4: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "const float *", "float *", "float", "int"], kfix.arg_names = ["x", "y", "z", "alpha", "n"], kfix.name = "axpy", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      memref.store %4, %alloca[] : memref<i32>
      %5 = memref.load %alloca[] : memref<i32>
      %6 = arith.cmpi slt, %5, %arg4 : i32
      scf.if %6 {
        %7 = memref.load %alloca[] : memref<i32>
        %8 = arith.index_cast %7 : i32 to index
        %9 = memref.load %arg0[%8] : memref<?xf32>
          %11 = memref.load %alloca[] : memref<i32>
        %12 = arith.index_cast %11 : i32 to index
        %13 = memref.load %arg1[%12] : memref<?xf32>
        %14 = func.call @__nv_fast_axpy(%arg3, %9, %13) : (f32, f32, f32) -> f32
        %15 = memref.load %alloca[] : memref<i32>
        %16 = arith.index_cast %15 : i32 to index
        memref.store %14, %arg2[%16] : memref<?xf32>
      }
      gpu.return
    }
  }
}
