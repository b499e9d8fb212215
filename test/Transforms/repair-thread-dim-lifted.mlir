// RUN: kfix-opt --verify-each --kfix-repair-thread-dim='loc=threaddim.cu:3 from=x to=y' %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void add2d(const float* a, const float* b, float* c, int h, int w) {
//   int x = blockIdx.x * blockDim.x + threadIdx.x;
//   int y = blockIdx.y * blockDim.y + threadIdx.x;
//   if (x >= w || y >= h) return;
//   c[y * w + x] = a[y * w + x] + b[y * w + x];
// }

// CHECK-LABEL: gpu.func @add2d
// CHECK: kfix.repaired = "kfix-repair-thread-dim"
module attributes {gpu.container_module, kfix.source = "rob/threaddim.cu"} {
  gpu.module @kernels {
    gpu.func @add2d(%arg0: memref<?xf32> loc("rob/threaddim.cu":1:17), %arg1: memref<?xf32> loc("rob/threaddim.cu":1:17), %arg2: memref<?xf32> loc("rob/threaddim.cu":1:17), %arg3: i32 loc("rob/threaddim.cu":1:17), %arg4: i32 loc("rob/threaddim.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "const float *", "float *", "int", "int"], kfix.arg_names = ["a", "b", "c", "h", "w"], kfix.name = "add2d", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "x"} : memref<i32> loc("rob/threaddim.cu":2:7)
      %alloca_0 = memref.alloca() {kfix.var = "y"} : memref<i32> loc("rob/threaddim.cu":3:7)
      %alloca_1 = memref.alloca() {kfix.var = "__return"} : memref<i1> loc("rob/threaddim.cu":4:25)
      %false = arith.constant false loc("rob/threaddim.cu":4:25)
      memref.store %false, %alloca_1[] : memref<i1> loc("rob/threaddim.cu":4:25)
      %block_id_x = gpu.block_id  x loc("rob/threaddim.cu":2:11)
      %0 = arith.index_castui %block_id_x : index to i32 loc("rob/threaddim.cu":2:11)
      %block_dim_x = gpu.block_dim  x loc("rob/threaddim.cu":2:24)
      %1 = arith.index_castui %block_dim_x : index to i32 loc("rob/threaddim.cu":2:24)
      %2 = arith.muli %0, %1 : i32 loc("rob/threaddim.cu":2:22)
      %thread_id_x = gpu.thread_id  x loc("rob/threaddim.cu":2:37)
      %3 = arith.index_castui %thread_id_x : index to i32 loc("rob/threaddim.cu":2:37)
      %4 = arith.addi %2, %3 : i32 loc("rob/threaddim.cu":2:35)
      memref.store %4, %alloca[] : memref<i32> loc("rob/threaddim.cu":2:7)
      %block_id_y = gpu.block_id  y loc("rob/threaddim.cu":3:11)
      %5 = arith.index_castui %block_id_y : index to i32 loc("rob/threaddim.cu":3:11)
      %block_dim_y = gpu.block_dim  y loc("rob/threaddim.cu":3:24)
      %6 = arith.index_castui %block_dim_y : index to i32 loc("rob/threaddim.cu":3:24)
      %7 = arith.muli %5, %6 : i32 loc("rob/threaddim.cu":3:22)
      %thread_id_x_2 = gpu.thread_id  x loc("rob/threaddim.cu":3:37)
      %8 = arith.index_castui %thread_id_x_2 : index to i32 loc("rob/threaddim.cu":3:37)
      %9 = arith.addi %7, %8 : i32 loc("rob/threaddim.cu":3:35)
      memref.store %9, %alloca_0[] : memref<i32> loc("rob/threaddim.cu":3:7)
      %10 = memref.load %alloca[] : memref<i32> loc("rob/threaddim.cu":4:7)
      %11 = arith.cmpi sge, %10, %arg4 : i32 loc("rob/threaddim.cu":4:9)
      %12 = memref.load %alloca_0[] : memref<i32> loc("rob/threaddim.cu":4:17)
      %13 = arith.cmpi sge, %12, %arg3 : i32 loc("rob/threaddim.cu":4:19)
      %14 = arith.ori %11, %13 : i1 loc("rob/threaddim.cu":4:14)
      scf.if %14 {
        %true_3 = arith.constant true loc("rob/threaddim.cu":4:25)
        memref.store %true_3, %alloca_1[] : memref<i1> loc("rob/threaddim.cu":4:25)
      } loc("rob/threaddim.cu":4:3)
      %15 = memref.load %alloca_1[] : memref<i1> loc("rob/threaddim.cu":5:16)
      %true = arith.constant true loc("rob/threaddim.cu":5:16)
      %16 = arith.xori %15, %true : i1 loc("rob/threaddim.cu":5:16)
      scf.if %16 {
        %17 = memref.load %alloca_0[] : memref<i32> loc("rob/threaddim.cu":5:20)
        %18 = arith.muli %17, %arg4 : i32 loc("rob/threaddim.cu":5:22)
        %19 = memref.load %alloca[] : memref<i32> loc("rob/threaddim.cu":5:28)
        %20 = arith.addi %18, %19 : i32 loc("rob/threaddim.cu":5:26)
        %21 = arith.index_cast %20 : i32 to index loc("rob/threaddim.cu":5:18)
        %22 = memref.load %arg0[%21] : memref<?xf32> loc("rob/threaddim.cu":5:18)
        %23 = memref.load %alloca_0[] : memref<i32> loc("rob/threaddim.cu":5:35)
        %24 = arith.muli %23, %arg4 : i32 loc("rob/threaddim.cu":5:37)
        %25 = memref.load %alloca[] : memref<i32> loc("rob/threaddim.cu":5:43)
        %26 = arith.addi %24, %25 : i32 loc("rob/threaddim.cu":5:41)
        %27 = arith.index_cast %26 : i32 to index loc("rob/threaddim.cu":5:33)
        %28 = memref.load %arg1[%27] : memref<?xf32> loc("rob/threaddim.cu":5:33)
        %29 = arith.addf %22, %28 : f32 loc("rob/threaddim.cu":5:31)
        %30 = memref.load %alloca_0[] : memref<i32> loc("rob/threaddim.cu":5:5)
        %31 = arith.muli %30, %arg4 : i32 loc("rob/threaddim.cu":5:7)
        %32 = memref.load %alloca[] : memref<i32> loc("rob/threaddim.cu":5:13)
        %33 = arith.addi %31, %32 : i32 loc("rob/threaddim.cu":5:11)
        %34 = arith.index_cast %33 : i32 to index loc("rob/threaddim.cu":5:16)
        memref.store %29, %arg2[%34] : memref<?xf32> loc("rob/threaddim.cu":5:16)
      } loc("rob/threaddim.cu":5:16)
      gpu.return loc("rob/threaddim.cu":6:1)
    } loc("rob/threaddim.cu":1:17)
  } loc("rob/threaddim.cu":1:1)
} loc("rob/threaddim.cu":1:1)
