// RUN: kfix-opt %s --verify-each --kfix-repair-thread-dim='mixed=true' | FileCheck %s
// RUN: kfix-opt %s --verify-each --kfix-repair-thread-dim='mixed=true from=y to=x' | FileCheck %s --check-prefix=NONE

// Lifted (kfix-translate --import-cuda) from kb/examples/thread-dim-swap/kernel.cu:
//   int c = blockIdx.x * blockDim.x + threadIdx.x;
//   int r = blockIdx.y * blockDim.y + threadIdx.x;   // should be threadIdx.y
// `mixed` fixes only the id combined with blockIdx.y/blockDim.y.
// CHECK-LABEL: gpu.func @scale_shift_2d
// CHECK:       %[[BX:.*]] = gpu.block_id x
// CHECK:       gpu.thread_id x
// CHECK-NOT:   kfix.repaired
// CHECK:       gpu.block_id y
// CHECK:       %[[TY:.*]] = gpu.thread_id y {kfix.repaired = "kfix-repair-thread-dim"}
// CHECK-NEXT:  arith.index_castui %[[TY]]
// CHECK-NOT:   gpu.thread_id x
// NONE-NOT:    kfix.repaired
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale_shift_2d(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?xf32>, %arg4: i32, %arg5: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "const float *", "const float *", "float *", "int", "int"], kfix.arg_names = ["x", "scale", "shift", "out", "height", "width"], kfix.name = "scale_shift_2d", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "c"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "r"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      memref.store %4, %alloca[] : memref<i32>
      %block_id_y = gpu.block_id  y
      %5 = arith.index_castui %block_id_y : index to i32
      %block_dim_y = gpu.block_dim  y
      %6 = arith.index_castui %block_dim_y : index to i32
      %7 = arith.muli %5, %6 : i32
      %thread_id_x_1 = gpu.thread_id  x
      %8 = arith.index_castui %thread_id_x_1 : index to i32
      %9 = arith.addi %7, %8 : i32
      memref.store %9, %alloca_0[] : memref<i32>
      %10 = memref.load %alloca_0[] : memref<i32>
      %11 = arith.cmpi slt, %10, %arg4 : i32
      %12 = memref.load %alloca[] : memref<i32>
      %13 = arith.cmpi slt, %12, %arg5 : i32
      %14 = arith.andi %11, %13 : i1
      scf.if %14 {
        %15 = memref.load %alloca_0[] : memref<i32>
        %16 = arith.muli %15, %arg5 : i32
        %17 = memref.load %alloca[] : memref<i32>
        %18 = arith.addi %16, %17 : i32
        %19 = arith.index_cast %18 : i32 to index
        %20 = memref.load %arg0[%19] : memref<?xf32>
        %21 = memref.load %alloca[] : memref<i32>
        %22 = arith.index_cast %21 : i32 to index
        %23 = memref.load %arg1[%22] : memref<?xf32>
        %24 = arith.mulf %20, %23 : f32
        %25 = memref.load %alloca_0[] : memref<i32>
        %26 = arith.index_cast %25 : i32 to index
        %27 = memref.load %arg2[%26] : memref<?xf32>
        %28 = arith.addf %24, %27 : f32
        %29 = memref.load %alloca_0[] : memref<i32>
        %30 = arith.muli %29, %arg5 : i32
        %31 = memref.load %alloca[] : memref<i32>
        %32 = arith.addi %30, %31 : i32
        %33 = arith.index_cast %32 : i32 to index
        memref.store %28, %arg3[%33] : memref<?xf32>
      }
      gpu.return
    }
  }
}
