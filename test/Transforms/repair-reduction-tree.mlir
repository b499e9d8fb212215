// RUN: kfix-opt --verify-each --split-input-file --kfix-repair-reduction-tree %s | FileCheck %s
// RUN: kfix-opt --verify-each --split-input-file --kfix-repair-reduction-tree='n=256' %s | FileCheck %s --check-prefix=NOPT
// Lifted with kfix-translate --import-cuda from the CUDA source in each case's comment.

// -----

// __global__ void block_sum(const float* x, float* out, int n) {
//   __shared__ float sh[256];
//   int tid = threadIdx.x;
//   int i = blockIdx.x * blockDim.x + tid;
//   sh[tid] = (i < n) ? x[i] : 0.0f;
//   __syncthreads();
//   for (int s = blockDim.x / 2; s > 0; s >>= 1) {
//     if (tid < s) sh[tid] += sh[tid + s];
//     __syncthreads();
//   }
//   if (tid == 0) out[blockIdx.x] = sh[0];
// }

// CHECK-LABEL: gpu.func @block_sum
// CHECK: %[[M:.*]] = memref.alloca() {kfix.repaired = "kfix-repair-reduction-tree", kfix.var = "__kfix_nactive"}
// CHECK: %[[BD:.*]] = gpu.block_dim x {kfix.repaired
// CHECK: %[[N:.*]] = arith.index_castui %[[BD]]
// CHECK: memref.store %[[N]], %[[M]][] {kfix.repaired
// CHECK: scf.while
// CHECK: %[[MC:.*]] = memref.load %[[M]][]
// CHECK: arith.cmpi sgt, %[[MC]], %{{.*}} {kfix.repaired
// CHECK: } do {
// CHECK: %[[MB:.*]] = memref.load %[[M]][]
// CHECK: %[[UP:.*]] = arith.addi %[[MB]]
// CHECK: %[[H:.*]] = arith.shrui %[[UP]]
// CHECK: memref.store %[[H]], %[[S:.*]][] {kfix.repaired
// CHECK: %[[G:.*]] = arith.cmpi slt
// CHECK: %[[TS:.*]] = arith.addi
// CHECK: %[[IN:.*]] = arith.cmpi slt, %[[TS]]
// CHECK: %[[BOTH:.*]] = arith.andi %[[G]], %[[IN]]
// CHECK: scf.if %[[BOTH]]
// CHECK: gpu.barrier
// CHECK-NOT: arith.shrsi
// CHECK: %[[NS:.*]] = memref.load %[[S]][]
// CHECK: memref.store %[[NS]], %[[M]][] {kfix.repaired
// NOPT-LABEL: gpu.func @block_sum
// NOPT: %[[C:.*]] = arith.constant {kfix.repaired = "kfix-repair-reduction-tree"} 256 : i32
// NOPT: memref.store %[[C]]
module attributes {gpu.container_module, kfix.source = "redtree.cu"} {
  gpu.module @kernels {
    gpu.func @block_sum(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "block_sum", kfix.shared_names = ["sh"]} {
      %alloca = memref.alloca() {kfix.var = "tid"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "i"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "s"} : memref<i32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      memref.store %0, %alloca[] : memref<i32>
      %block_id_x = gpu.block_id  x
      %1 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %2 = arith.index_castui %block_dim_x : index to i32
      %3 = arith.muli %1, %2 : i32
      %4 = memref.load %alloca[] : memref<i32>
      %5 = arith.addi %3, %4 : i32
      memref.store %5, %alloca_0[] : memref<i32>
      %6 = memref.load %alloca_0[] : memref<i32>
      %7 = arith.cmpi slt, %6, %arg2 : i32
      %8 = scf.if %7 -> (f32) {
        %15 = memref.load %alloca_0[] : memref<i32>
        %16 = arith.index_cast %15 : i32 to index
        %17 = memref.load %arg0[%16] : memref<?xf32>
        scf.yield %17 : f32
      } else {
        %cst = arith.constant 0.000000e+00 : f32
        scf.yield %cst : f32
      }
      %9 = memref.load %alloca[] : memref<i32>
      %10 = arith.index_cast %9 : i32 to index
      memref.store %8, %arg3[%10] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %block_dim_x_2 = gpu.block_dim  x
      %11 = arith.index_castui %block_dim_x_2 : index to i32
      %c2_i32 = arith.constant 2 : i32
      %12 = arith.divui %11, %c2_i32 : i32
      memref.store %12, %alloca_1[] : memref<i32>
      scf.while : () -> () {
        %15 = memref.load %alloca_1[] : memref<i32>
        %c0_i32_3 = arith.constant 0 : i32
        %16 = arith.cmpi sgt, %15, %c0_i32_3 : i32
        scf.condition(%16)
      } do {
        %15 = memref.load %alloca[] : memref<i32>
        %16 = memref.load %alloca_1[] : memref<i32>
        %17 = arith.cmpi slt, %15, %16 : i32
        scf.if %17 {
          %20 = memref.load %alloca[] : memref<i32>
          %21 = arith.index_cast %20 : i32 to index
          %22 = memref.load %arg3[%21] : memref<256xf32, #gpu.address_space<workgroup>>
          %23 = memref.load %alloca[] : memref<i32>
          %24 = memref.load %alloca_1[] : memref<i32>
          %25 = arith.addi %23, %24 : i32
          %26 = arith.index_cast %25 : i32 to index
          %27 = memref.load %arg3[%26] : memref<256xf32, #gpu.address_space<workgroup>>
          %28 = arith.addf %22, %27 : f32
          %29 = arith.index_cast %20 : i32 to index
          memref.store %28, %arg3[%29] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %18 = memref.load %alloca_1[] : memref<i32>
        %c1_i32 = arith.constant 1 : i32
        %19 = arith.shrsi %18, %c1_i32 : i32
        memref.store %19, %alloca_1[] : memref<i32>
        scf.yield
      }
      %13 = memref.load %alloca[] : memref<i32>
      %c0_i32 = arith.constant 0 : i32
      %14 = arith.cmpi eq, %13, %c0_i32 : i32
      scf.if %14 {
        %c0_i32_3 = arith.constant 0 : i32
        %15 = arith.index_cast %c0_i32_3 : i32 to index
        %16 = memref.load %arg3[%15] : memref<256xf32, #gpu.address_space<workgroup>>
        %block_id_x_4 = gpu.block_id  x
        %17 = arith.index_castui %block_id_x_4 : index to i32
        %18 = arith.index_castui %17 : i32 to index
        memref.store %16, %arg1[%18] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// __global__ void block_max(const float* x, float* out, int n) {
//   __shared__ float sh[256];
//   unsigned int tid = threadIdx.x;
//   unsigned int i = blockIdx.x * blockDim.x + tid;
//   sh[tid] = (i < n) ? x[i] : -1e30f;
//   __syncthreads();
//   for (unsigned int s = blockDim.x; s > 0; s /= 2) {
//     if (tid < s) sh[tid] = fmaxf(sh[tid], sh[tid + s]);
//     __syncthreads();
//   }
//   if (tid == 0) out[blockIdx.x] = sh[0];
// }

// CHECK-LABEL: gpu.func @block_max
// CHECK: kfix.var = "__kfix_nactive"
// CHECK: scf.while
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} {kfix.repaired
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} {kfix.repaired
// CHECK: arith.maxnumf
// CHECK-NOT: arith.divui %{{.*}}, %c2
module attributes {gpu.container_module, kfix.source = "redtree2.cu"} {
  gpu.module @kernels {
    gpu.func @block_max(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "block_max", kfix.shared_names = ["sh"]} {
      %alloca = memref.alloca() {kfix.var = "tid"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "i"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "s"} : memref<i32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      memref.store %0, %alloca[] : memref<i32>
      %block_id_x = gpu.block_id  x
      %1 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %2 = arith.index_castui %block_dim_x : index to i32
      %3 = arith.muli %1, %2 : i32
      %4 = memref.load %alloca[] : memref<i32>
      %5 = arith.addi %3, %4 : i32
      memref.store %5, %alloca_0[] : memref<i32>
      %6 = memref.load %alloca_0[] : memref<i32>
      %7 = arith.cmpi ult, %6, %arg2 : i32
      %8 = scf.if %7 -> (f32) {
        %14 = memref.load %alloca_0[] : memref<i32>
        %15 = arith.index_castui %14 : i32 to index
        %16 = memref.load %arg0[%15] : memref<?xf32>
        scf.yield %16 : f32
      } else {
        %cst = arith.constant -1.000000e+30 : f32
        scf.yield %cst : f32
      }
      %9 = memref.load %alloca[] : memref<i32>
      %10 = arith.index_castui %9 : i32 to index
      memref.store %8, %arg3[%10] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %block_dim_x_2 = gpu.block_dim  x
      %11 = arith.index_castui %block_dim_x_2 : index to i32
      memref.store %11, %alloca_1[] : memref<i32>
      scf.while : () -> () {
        %14 = memref.load %alloca_1[] : memref<i32>
        %c0_i32_3 = arith.constant 0 : i32
        %15 = arith.cmpi ugt, %14, %c0_i32_3 : i32
        scf.condition(%15)
      } do {
        %14 = memref.load %alloca[] : memref<i32>
        %15 = memref.load %alloca_1[] : memref<i32>
        %16 = arith.cmpi ult, %14, %15 : i32
        scf.if %16 {
          %19 = memref.load %alloca[] : memref<i32>
          %20 = arith.index_castui %19 : i32 to index
          %21 = memref.load %arg3[%20] : memref<256xf32, #gpu.address_space<workgroup>>
          %22 = memref.load %alloca[] : memref<i32>
          %23 = memref.load %alloca_1[] : memref<i32>
          %24 = arith.addi %22, %23 : i32
          %25 = arith.index_castui %24 : i32 to index
          %26 = memref.load %arg3[%25] : memref<256xf32, #gpu.address_space<workgroup>>
          %27 = arith.maxnumf %21, %26 : f32
          %28 = memref.load %alloca[] : memref<i32>
          %29 = arith.index_castui %28 : i32 to index
          memref.store %27, %arg3[%29] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %17 = memref.load %alloca_1[] : memref<i32>
        %c2_i32 = arith.constant 2 : i32
        %18 = arith.divui %17, %c2_i32 : i32
        memref.store %18, %alloca_1[] : memref<i32>
        scf.yield
      }
      %12 = memref.load %alloca[] : memref<i32>
      %c0_i32 = arith.constant 0 : i32
      %13 = arith.cmpi eq, %12, %c0_i32 : i32
      scf.if %13 {
        %c0_i32_3 = arith.constant 0 : i32
        %14 = arith.index_cast %c0_i32_3 : i32 to index
        %15 = memref.load %arg3[%14] : memref<256xf32, #gpu.address_space<workgroup>>
        %block_id_x_4 = gpu.block_id  x
        %16 = arith.index_castui %block_id_x_4 : index to i32
        %17 = arith.index_castui %16 : i32 to index
        memref.store %15, %arg1[%17] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// __global__ void block_sum_interleaved(const float* x, float* out, int n) {
//   __shared__ float sh[256];
//   int tid = threadIdx.x;
//   int i = blockIdx.x * blockDim.x + tid;
//   sh[tid] = (i < n) ? x[i] : 0.0f;
//   __syncthreads();
//   for (int s = 1; s < blockDim.x; s *= 2) {
//     if (tid % (2 * s) == 0 && tid + s < blockDim.x) sh[tid] += sh[tid + s];
//     __syncthreads();
//   }
//   if (tid == 0) out[blockIdx.x] = sh[0];
// }

// CHECK-LABEL: gpu.func @block_sum_interleaved
// CHECK-NOT: kfix.repaired
// NOPT-LABEL: gpu.func @block_sum_interleaved
// NOPT-NOT: kfix.repaired
module attributes {gpu.container_module, kfix.source = "redtree_noop.cu"} {
  gpu.module @kernels {
    gpu.func @block_sum_interleaved(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "block_sum_interleaved", kfix.shared_names = ["sh"]} {
      %alloca = memref.alloca() {kfix.var = "tid"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "i"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "s"} : memref<i32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      memref.store %0, %alloca[] : memref<i32>
      %block_id_x = gpu.block_id  x
      %1 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %2 = arith.index_castui %block_dim_x : index to i32
      %3 = arith.muli %1, %2 : i32
      %4 = memref.load %alloca[] : memref<i32>
      %5 = arith.addi %3, %4 : i32
      memref.store %5, %alloca_0[] : memref<i32>
      %6 = memref.load %alloca_0[] : memref<i32>
      %7 = arith.cmpi slt, %6, %arg2 : i32
      %8 = scf.if %7 -> (f32) {
        %13 = memref.load %alloca_0[] : memref<i32>
        %14 = arith.index_cast %13 : i32 to index
        %15 = memref.load %arg0[%14] : memref<?xf32>
        scf.yield %15 : f32
      } else {
        %cst = arith.constant 0.000000e+00 : f32
        scf.yield %cst : f32
      }
      %9 = memref.load %alloca[] : memref<i32>
      %10 = arith.index_cast %9 : i32 to index
      memref.store %8, %arg3[%10] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1_i32 = arith.constant 1 : i32
      memref.store %c1_i32, %alloca_1[] : memref<i32>
      scf.while : () -> () {
        %13 = memref.load %alloca_1[] : memref<i32>
        %block_dim_x_2 = gpu.block_dim  x
        %14 = arith.index_castui %block_dim_x_2 : index to i32
        %15 = arith.cmpi ult, %13, %14 : i32
        scf.condition(%15)
      } do {
        %13 = memref.load %alloca[] : memref<i32>
        %c2_i32 = arith.constant 2 : i32
        %14 = memref.load %alloca_1[] : memref<i32>
        %15 = arith.muli %c2_i32, %14 : i32
        %16 = arith.remsi %13, %15 : i32
        %c0_i32_2 = arith.constant 0 : i32
        %17 = arith.cmpi eq, %16, %c0_i32_2 : i32
        %18 = memref.load %alloca[] : memref<i32>
        %19 = memref.load %alloca_1[] : memref<i32>
        %20 = arith.addi %18, %19 : i32
        %block_dim_x_3 = gpu.block_dim  x
        %21 = arith.index_castui %block_dim_x_3 : index to i32
        %22 = arith.cmpi ult, %20, %21 : i32
        %23 = arith.andi %17, %22 : i1
        scf.if %23 {
          %26 = memref.load %alloca[] : memref<i32>
          %27 = arith.index_cast %26 : i32 to index
          %28 = memref.load %arg3[%27] : memref<256xf32, #gpu.address_space<workgroup>>
          %29 = memref.load %alloca[] : memref<i32>
          %30 = memref.load %alloca_1[] : memref<i32>
          %31 = arith.addi %29, %30 : i32
          %32 = arith.index_cast %31 : i32 to index
          %33 = memref.load %arg3[%32] : memref<256xf32, #gpu.address_space<workgroup>>
          %34 = arith.addf %28, %33 : f32
          %35 = arith.index_cast %26 : i32 to index
          memref.store %34, %arg3[%35] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %24 = memref.load %alloca_1[] : memref<i32>
        %c2_i32_4 = arith.constant 2 : i32
        %25 = arith.muli %24, %c2_i32_4 : i32
        memref.store %25, %alloca_1[] : memref<i32>
        scf.yield
      }
      %11 = memref.load %alloca[] : memref<i32>
      %c0_i32 = arith.constant 0 : i32
      %12 = arith.cmpi eq, %11, %c0_i32 : i32
      scf.if %12 {
        %c0_i32_2 = arith.constant 0 : i32
        %13 = arith.index_cast %c0_i32_2 : i32 to index
        %14 = memref.load %arg3[%13] : memref<256xf32, #gpu.address_space<workgroup>>
        %block_id_x_3 = gpu.block_id  x
        %15 = arith.index_castui %block_id_x_3 : index to i32
        %16 = arith.index_castui %15 : i32 to index
        memref.store %14, %arg1[%16] : memref<?xf32>
      }
      gpu.return
    }
  }
}
