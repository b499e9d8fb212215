// RUN: kfix-opt --verify-each --split-input-file --kfix-repair-uninit-shared %s | FileCheck %s
// Lifted with kfix-translate --import-cuda from the CUDA source in each case's comment.

// -----

// __global__ void total_sum(const float* x, float* out, int n) {
//   __shared__ float acc;
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) atomicAdd(&acc, x[i]);
//   __syncthreads();
//   if (threadIdx.x == 0) atomicAdd(out, acc);
// }

// CHECK-LABEL: gpu.func @total_sum
// CHECK: gpu.thread_id x {kfix.repaired
// CHECK: %[[FLAT:.*]] = arith.addi %{{.*}}, %{{.*}} {kfix.repaired = "kfix-repair-uninit-shared"} : i32
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant {kfix.repaired = "kfix-repair-uninit-shared"} 0.000000e+00 : f32
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[FLAT]]
// CHECK: scf.if %[[IS0]] {
// CHECK: memref.store %[[ZERO]], %arg3[%{{.*}}] {kfix.repaired = "kfix-repair-uninit-shared"} : memref<1xf32, #gpu.address_space<workgroup>>
// CHECK: } {kfix.repaired
// CHECK-NEXT: gpu.barrier {kfix.repaired = "kfix-repair-uninit-shared"}
// CHECK: memref.atomic_rmw addf
module attributes {gpu.container_module, kfix.source = "uninit.cu"} {
  gpu.module @kernels {
    gpu.func @total_sum(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<1xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "total_sum", kfix.shared_names = ["acc"]} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32>
      %c0_i32 = arith.constant 0 : i32
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
      %6 = arith.cmpi slt, %5, %arg2 : i32
      scf.if %6 {
        %c0_i32_2 = arith.constant 0 : i32
        %9 = arith.index_cast %c0_i32_2 : i32 to index
        %10 = memref.load %alloca[] : memref<i32>
        %11 = arith.index_cast %10 : i32 to index
        %12 = memref.load %arg0[%11] : memref<?xf32>
        %13 = memref.atomic_rmw addf %12, %arg3[%9] : (f32, memref<1xf32, #gpu.address_space<workgroup>>) -> f32
      }
      gpu.barrier
      %thread_id_x_0 = gpu.thread_id  x
      %7 = arith.index_castui %thread_id_x_0 : index to i32
      %c0_i32_1 = arith.constant 0 : i32
      %8 = arith.cmpi eq, %7, %c0_i32_1 : i32
      scf.if %8 {
        %c0 = arith.constant 0 : index
        %c0_i32_2 = arith.constant 0 : i32
        %9 = arith.index_cast %c0_i32_2 : i32 to index
        %10 = memref.load %arg3[%9] : memref<1xf32, #gpu.address_space<workgroup>>
        %11 = memref.atomic_rmw addf %10, %arg1[%c0] : (f32, memref<?xf32>) -> f32
      }
      gpu.return
    }
  }
}

// -----

// __global__ void histogram(const int* keys, int* hist, int n) {
//   __shared__ int bins[64];
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) atomicAdd(&bins[keys[i] & 63], 1);
//   __syncthreads();
//   if (threadIdx.x < 64) atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
// }

// CHECK-LABEL: gpu.func @histogram
// CHECK: %[[ZERO:.*]] = arith.constant {kfix.repaired = "kfix-repair-uninit-shared"} 0 : i32
// CHECK: %[[END:.*]] = arith.constant {kfix.repaired = "kfix-repair-uninit-shared"} 64 : i32
// CHECK: scf.for unsigned %[[K:.*]] = %{{.*}} to %[[END]] step %{{.*}} : i32 {
// CHECK: %[[KI:.*]] = arith.index_castui %[[K]]
// CHECK: memref.store %[[ZERO]], %arg3[%[[KI]]] {kfix.repaired
// CHECK: gpu.barrier {kfix.repaired
// CHECK: memref.atomic_rmw addi
module attributes {gpu.container_module, kfix.source = "uninit_arr.cu"} {
  gpu.module @kernels {
    gpu.func @histogram(%arg0: memref<?xi32>, %arg1: memref<?xi32>, %arg2: i32) workgroup(%arg3 : memref<64xi32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const int *", "int *", "int"], kfix.arg_names = ["keys", "hist", "n"], kfix.name = "histogram", kfix.shared_names = ["bins"]} {
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
      %6 = arith.cmpi slt, %5, %arg2 : i32
      scf.if %6 {
        %9 = memref.load %alloca[] : memref<i32>
        %10 = arith.index_cast %9 : i32 to index
        %11 = memref.load %arg0[%10] : memref<?xi32>
        %c63_i32 = arith.constant 63 : i32
        %12 = arith.andi %11, %c63_i32 : i32
        %13 = arith.index_cast %12 : i32 to index
        %c1_i32 = arith.constant 1 : i32
        %14 = memref.atomic_rmw addi %c1_i32, %arg3[%13] : (i32, memref<64xi32, #gpu.address_space<workgroup>>) -> i32
      }
      gpu.barrier
      %thread_id_x_0 = gpu.thread_id  x
      %7 = arith.index_castui %thread_id_x_0 : index to i32
      %c64_i32 = arith.constant 64 : i32
      %8 = arith.cmpi ult, %7, %c64_i32 : i32
      scf.if %8 {
        %thread_id_x_1 = gpu.thread_id  x
        %9 = arith.index_castui %thread_id_x_1 : index to i32
        %10 = arith.index_castui %9 : i32 to index
        %thread_id_x_2 = gpu.thread_id  x
        %11 = arith.index_castui %thread_id_x_2 : index to i32
        %12 = arith.index_castui %11 : i32 to index
        %13 = memref.load %arg3[%12] : memref<64xi32, #gpu.address_space<workgroup>>
        %14 = memref.atomic_rmw addi %13, %arg1[%10] : (i32, memref<?xi32>) -> i32
      }
      gpu.return
    }
  }
}

// -----

// __global__ void total_sum_init(const float* x, float* out, int n) {
//   __shared__ float acc;
//   if (threadIdx.x == 0) acc = 0.0f;
//   __syncthreads();
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) atomicAdd(&acc, x[i]);
//   __syncthreads();
//   if (threadIdx.x == 0) atomicAdd(out, acc);
// }

// Already initialized: no change.
// CHECK-LABEL: gpu.func @total_sum_init
// CHECK-NOT: kfix.repaired
module attributes {gpu.container_module, kfix.source = "uninit_ok.cu"} {
  gpu.module @kernels {
    gpu.func @total_sum_init(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<1xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "total_sum_init", kfix.shared_names = ["acc"]} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32>
      %c0_i32 = arith.constant 0 : i32
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      %c0_i32_0 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %0, %c0_i32_0 : i32
      scf.if %1 {
        %cst = arith.constant 0.000000e+00 : f32
        %c0_i32_4 = arith.constant 0 : i32
        %11 = arith.index_cast %c0_i32_4 : i32 to index
        memref.store %cst, %arg3[%11] : memref<1xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %block_id_x = gpu.block_id  x
      %2 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %3 = arith.index_castui %block_dim_x : index to i32
      %4 = arith.muli %2, %3 : i32
      %thread_id_x_1 = gpu.thread_id  x
      %5 = arith.index_castui %thread_id_x_1 : index to i32
      %6 = arith.addi %4, %5 : i32
      memref.store %6, %alloca[] : memref<i32>
      %7 = memref.load %alloca[] : memref<i32>
      %8 = arith.cmpi slt, %7, %arg2 : i32
      scf.if %8 {
        %c0_i32_4 = arith.constant 0 : i32
        %11 = arith.index_cast %c0_i32_4 : i32 to index
        %12 = memref.load %alloca[] : memref<i32>
        %13 = arith.index_cast %12 : i32 to index
        %14 = memref.load %arg0[%13] : memref<?xf32>
        %15 = memref.atomic_rmw addf %14, %arg3[%11] : (f32, memref<1xf32, #gpu.address_space<workgroup>>) -> f32
      }
      gpu.barrier
      %thread_id_x_2 = gpu.thread_id  x
      %9 = arith.index_castui %thread_id_x_2 : index to i32
      %c0_i32_3 = arith.constant 0 : i32
      %10 = arith.cmpi eq, %9, %c0_i32_3 : i32
      scf.if %10 {
        %c0 = arith.constant 0 : index
        %c0_i32_4 = arith.constant 0 : i32
        %11 = arith.index_cast %c0_i32_4 : i32 to index
        %12 = memref.load %arg3[%11] : memref<1xf32, #gpu.address_space<workgroup>>
        %13 = memref.atomic_rmw addf %12, %arg1[%c0] : (f32, memref<?xf32>) -> f32
      }
      gpu.return
    }
  }
}
