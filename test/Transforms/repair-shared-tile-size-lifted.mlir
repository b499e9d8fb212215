// RUN: kfix-opt --verify-each --kfix-repair-shared-tile-size='shared=tile pad=1' %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// #define TILE 32
// __global__ void transpose_tiled(const float* in, float* out, int rows, int cols) {
//   __shared__ float tile[TILE][TILE];
//   int x = blockIdx.x * TILE + threadIdx.x;
//   int y = blockIdx.y * TILE + threadIdx.y;
//   if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
//   __syncthreads();
//   x = blockIdx.y * TILE + threadIdx.x;
//   y = blockIdx.x * TILE + threadIdx.y;
//   if (x < rows && y < cols) out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
// }

// CHECK-LABEL: gpu.func @transpose_tiled
// CHECK: kfix.repaired = "kfix-repair-shared-tile-size"
module attributes {gpu.container_module, kfix.source = "rob/tile.cu"} {
  gpu.module @kernels {
    gpu.func @transpose_tiled(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32) workgroup(%arg4 : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["in", "out", "rows", "cols"], kfix.name = "transpose_tiled", kfix.shared_names = ["tile"]} {
      %alloca = memref.alloca() {kfix.var = "x"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "y"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %c32_i32 = arith.constant 32 : i32
      %1 = arith.muli %0, %c32_i32 : i32
      %thread_id_x = gpu.thread_id  x
      %2 = arith.index_castui %thread_id_x : index to i32
      %3 = arith.addi %1, %2 : i32
      memref.store %3, %alloca[] : memref<i32>
      %block_id_y = gpu.block_id  y
      %4 = arith.index_castui %block_id_y : index to i32
      %c32_i32_1 = arith.constant 32 : i32
      %5 = arith.muli %4, %c32_i32_1 : i32
      %thread_id_y = gpu.thread_id  y
      %6 = arith.index_castui %thread_id_y : index to i32
      %7 = arith.addi %5, %6 : i32
      memref.store %7, %alloca_0[] : memref<i32>
      %8 = memref.load %alloca[] : memref<i32>
      %9 = arith.cmpi slt, %8, %arg3 : i32
      %10 = memref.load %alloca_0[] : memref<i32>
      %11 = arith.cmpi slt, %10, %arg2 : i32
      %12 = arith.andi %9, %11 : i1
      scf.if %12 {
        %26 = memref.load %alloca_0[] : memref<i32>
        %27 = arith.muli %26, %arg3 : i32
        %28 = memref.load %alloca[] : memref<i32>
        %29 = arith.addi %27, %28 : i32
        %30 = arith.index_cast %29 : i32 to index
        %31 = memref.load %arg0[%30] : memref<?xf32>
        %thread_id_y_8 = gpu.thread_id  y
        %32 = arith.index_castui %thread_id_y_8 : index to i32
        %thread_id_x_9 = gpu.thread_id  x
        %33 = arith.index_castui %thread_id_x_9 : index to i32
        %34 = arith.index_castui %32 : i32 to index
        %35 = arith.index_castui %33 : i32 to index
        memref.store %31, %arg4[%34, %35] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %block_id_y_2 = gpu.block_id  y
      %13 = arith.index_castui %block_id_y_2 : index to i32
      %c32_i32_3 = arith.constant 32 : i32
      %14 = arith.muli %13, %c32_i32_3 : i32
      %thread_id_x_4 = gpu.thread_id  x
      %15 = arith.index_castui %thread_id_x_4 : index to i32
      %16 = arith.addi %14, %15 : i32
      memref.store %16, %alloca[] : memref<i32>
      %block_id_x_5 = gpu.block_id  x
      %17 = arith.index_castui %block_id_x_5 : index to i32
      %c32_i32_6 = arith.constant 32 : i32
      %18 = arith.muli %17, %c32_i32_6 : i32
      %thread_id_y_7 = gpu.thread_id  y
      %19 = arith.index_castui %thread_id_y_7 : index to i32
      %20 = arith.addi %18, %19 : i32
      memref.store %20, %alloca_0[] : memref<i32>
      %21 = memref.load %alloca[] : memref<i32>
      %22 = arith.cmpi slt, %21, %arg2 : i32
      %23 = memref.load %alloca_0[] : memref<i32>
      %24 = arith.cmpi slt, %23, %arg3 : i32
      %25 = arith.andi %22, %24 : i1
      scf.if %25 {
        %thread_id_x_8 = gpu.thread_id  x
        %26 = arith.index_castui %thread_id_x_8 : index to i32
        %thread_id_y_9 = gpu.thread_id  y
        %27 = arith.index_castui %thread_id_y_9 : index to i32
        %28 = arith.index_castui %26 : i32 to index
        %29 = arith.index_castui %27 : i32 to index
        %30 = memref.load %arg4[%28, %29] : memref<32x32xf32, #gpu.address_space<workgroup>>
        %31 = memref.load %alloca_0[] : memref<i32>
        %32 = arith.muli %31, %arg2 : i32
        %33 = memref.load %alloca[] : memref<i32>
        %34 = arith.addi %32, %33 : i32
        %35 = arith.index_cast %34 : i32 to index
        memref.store %30, %arg1[%35] : memref<?xf32>
      }
      gpu.return
    }
  }
}
