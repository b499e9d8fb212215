// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-bounds-guard | FileCheck %s
// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-bounds-guard='loc=add.cu:3:10' | FileCheck %s --check-prefix=SITE

// __global__ void add(const float *a, const float *b, float *c, int n) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   c[i] = a[i] + b[i];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @add
  // SITE-LABEL: gpu.func @add
  // SITE: scf.if
  gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "add", kfix.arg_names = ["a", "b", "c", "n"],
                  kfix.arg_ctypes = ["const float *", "const float *", "float *", "int"]} {
    %i = memref.alloca() {kfix.var = "i"} : memref<i32> loc("add.cu":2:3)
    %bid = gpu.block_id x loc("add.cu":2:11)
    %bid32 = arith.index_castui %bid : index to i32 loc("add.cu":2:11)
    %bdim = gpu.block_dim x loc("add.cu":2:24)
    %bdim32 = arith.index_castui %bdim : index to i32 loc("add.cu":2:24)
    %m = arith.muli %bid32, %bdim32 : i32 loc("add.cu":2:11)
    %tid = gpu.thread_id x loc("add.cu":2:37)
    %tid32 = arith.index_castui %tid : index to i32 loc("add.cu":2:37)
    %s = arith.addi %m, %tid32 : i32 loc("add.cu":2:11)
    memref.store %s, %i[] : memref<i32> loc("add.cu":2:7)
    // CHECK: arith.index_cast %
    // CHECK-NEXT: %[[I:.*]] = memref.load %[[VAR:.*]][] : memref<i32>
    // CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[I]], %arg3 {kfix.repaired = "kfix-repair-bounds-guard"} : i32
    // CHECK-NEXT: scf.if %[[C]] {
    // CHECK: memref.load %arg0
    // CHECK: memref.load %arg1
    // CHECK: memref.store %{{.*}}, %arg2
    // CHECK-NEXT: } {kfix.repaired = "kfix-repair-bounds-guard"}
    // CHECK-NEXT: gpu.return
    %i0 = memref.load %i[] : memref<i32> loc("add.cu":3:10)
    %x0 = arith.index_cast %i0 : i32 to index loc("add.cu":3:8)
    %va = memref.load %a[%x0] : memref<?xf32> loc("add.cu":3:8)
    %i1 = memref.load %i[] : memref<i32> loc("add.cu":3:17)
    %x1 = arith.index_cast %i1 : i32 to index loc("add.cu":3:15)
    %vb = memref.load %b[%x1] : memref<?xf32> loc("add.cu":3:15)
    %sum = arith.addf %va, %vb : f32 loc("add.cu":3:12)
    %i2 = memref.load %i[] : memref<i32> loc("add.cu":3:5)
    %x2 = arith.index_cast %i2 : i32 to index loc("add.cu":3:3)
    memref.store %sum, %c[%x2] : memref<?xf32> loc("add.cu":3:10)
    gpu.return loc("add.cu":4:1)
  }
}

// -----

// A size_t bound given by name, compared unsigned after widening the index.
// __global__ void scale(float *y, const float *x, float a, size_t count, int pad) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   y[i] = a * x[i];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @scale
  // CHECK: %[[W:.*]] = arith.extui %{{.*}} : i32 to i64
  // CHECK-NEXT: arith.cmpi ult, %[[W]], %arg3
  // CHECK-NEXT: scf.if
  // SITE-LABEL: gpu.func @scale
  // SITE-NOT: scf.if
  // SITE: gpu.return
  gpu.func @scale(%y: memref<?xf32>, %x: memref<?xf32>, %a: f32, %count: i64, %pad: i32) kernel
      attributes {kfix.name = "scale", kfix.arg_names = ["y", "x", "a", "count", "pad"],
                  kfix.arg_ctypes = ["float *", "const float *", "float", "size_t", "int"]} {
    %i = memref.alloca() {kfix.var = "i"} : memref<i32>
    %bid = gpu.block_id x
    %bid32 = arith.index_castui %bid : index to i32
    %bdim = gpu.block_dim x
    %bdim32 = arith.index_castui %bdim : index to i32
    %m = arith.muli %bid32, %bdim32 : i32
    %tid = gpu.thread_id x
    %tid32 = arith.index_castui %tid : index to i32
    %s = arith.addi %m, %tid32 : i32
    memref.store %s, %i[] : memref<i32>
    %i0 = memref.load %i[] : memref<i32>
    %x0 = arith.index_cast %i0 : i32 to index
    %vx = memref.load %x[%x0] : memref<?xf32>
    %p = arith.mulf %a, %vx : f32
    %i1 = memref.load %i[] : memref<i32>
    %x1 = arith.index_cast %i1 : i32 to index
    memref.store %p, %y[%x1] : memref<?xf32>
    gpu.return
  }
}

// -----

// Already guarded: nothing to do.
// __global__ void add(const float *a, float *c, int n) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) c[i] = a[i];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @guarded
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @guarded(%a: memref<?xf32>, %c: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "guarded", kfix.arg_names = ["a", "c", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %i = memref.alloca() {kfix.var = "i"} : memref<i32>
    %tid = gpu.thread_id x
    %tid32 = arith.index_castui %tid : index to i32
    memref.store %tid32, %i[] : memref<i32>
    %i0 = memref.load %i[] : memref<i32>
    %ok = arith.cmpi slt, %i0, %n : i32
    scf.if %ok {
      %i1 = memref.load %i[] : memref<i32>
      %x1 = arith.index_cast %i1 : i32 to index
      %v = memref.load %a[%x1] : memref<?xf32>
      memref.store %v, %c[%x1] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// A barrier in the body: a guard would make it divergent, so the pass refuses.
// __global__ void k(float *c, int n) {
//   __shared__ float t[256];
//   int i = threadIdx.x; t[i] = c[i]; __syncthreads(); c[i] = t[255 - i];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @with_barrier
  // CHECK-NOT: scf.if
  // CHECK: gpu.return
  gpu.func @with_barrier(%c: memref<?xf32>, %n: i32)
      workgroup(%t: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "with_barrier", kfix.arg_names = ["c", "n"],
                  kfix.arg_ctypes = ["float *", "int"], kfix.shared_names = ["t"]} {
    %tid = gpu.thread_id x
    %v = memref.load %c[%tid] : memref<?xf32>
    memref.store %v, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %v, %c[%tid] : memref<?xf32>
    gpu.return
  }
}
