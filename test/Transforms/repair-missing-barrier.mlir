// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-missing-barrier | FileCheck %s

// __global__ void reverse(const float *in, float *out) {
//   __shared__ float t[256];
//   int tid = threadIdx.x;
//   t[tid] = in[tid];
//   // missing __syncthreads();
//   out[tid] = t[255 - tid];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @reverse
  gpu.func @reverse(%in: memref<?xf32>, %out: memref<?xf32>)
      workgroup(%t: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "reverse", kfix.arg_names = ["in", "out"],
                  kfix.arg_ctypes = ["const float *", "float *"], kfix.shared_names = ["t"]} {
    %tid = memref.alloca() {kfix.var = "tid"} : memref<i32>
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    memref.store %tx32, %tid[] : memref<i32>
    %0 = memref.load %tid[] : memref<i32>
    %1 = arith.index_cast %0 : i32 to index
    %v = memref.load %in[%1] : memref<?xf32>
    %2 = memref.load %tid[] : memref<i32>
    %3 = arith.index_cast %2 : i32 to index
    // CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %t[%3] : memref<256xf32, #gpu.address_space<workgroup>>
    %c255 = arith.constant 255 : i32
    %4 = memref.load %tid[] : memref<i32>
    %5 = arith.subi %c255, %4 : i32
    %6 = arith.index_cast %5 : i32 to index
    // CHECK: gpu.barrier {kfix.repaired = "kfix-repair-missing-barrier"}
    // CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
    %r = memref.load %t[%6] : memref<256xf32, #gpu.address_space<workgroup>>
    %7 = memref.load %tid[] : memref<i32>
    %8 = arith.index_cast %7 : i32 to index
    memref.store %r, %out[%8] : memref<?xf32>
    gpu.return
  }
}

// -----

// The barrier inside the tree loop is missing: the hazard runs from one
// iteration's write to the next iteration's read, so the barrier goes to the
// end of the loop body, not into the divergent `if (tid < s)`.
// __global__ void block_sum(const float *x, float *out) {
//   __shared__ float sdata[256];
//   int tid = threadIdx.x;
//   sdata[tid] = x[blockIdx.x * 256 + tid];
//   __syncthreads();
//   for (int s = blockDim.x / 2; s > 0; s >>= 1) {
//     if (tid < s) sdata[tid] += sdata[tid + s];
//   }
//   if (tid == 0) out[blockIdx.x] = sdata[0];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @block_sum
  gpu.func @block_sum(%x: memref<?xf32>, %out: memref<?xf32>)
      workgroup(%sdata: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "block_sum", kfix.arg_names = ["x", "out"],
                  kfix.arg_ctypes = ["const float *", "float *"], kfix.shared_names = ["sdata"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c256 = arith.constant 256 : i32
    %false = arith.constant false
    %true = arith.constant true
    %tid = memref.alloca() {kfix.var = "tid"} : memref<i32>
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    memref.store %tx32, %tid[] : memref<i32>
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    %0 = arith.muli %bx32, %c256 : i32
    %1 = memref.load %tid[] : memref<i32>
    %2 = arith.addi %0, %1 : i32
    %3 = arith.index_cast %2 : i32 to index
    %v = memref.load %x[%3] : memref<?xf32>
    %4 = memref.load %tid[] : memref<i32>
    %5 = arith.index_cast %4 : i32 to index
    memref.store %v, %sdata[%5] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %s = memref.alloca() {kfix.var = "s"} : memref<i32>
    %bd = gpu.block_dim x
    %bd32 = arith.index_castui %bd : index to i32
    %6 = arith.divui %bd32, %c2 : i32
    memref.store %6, %s[] : memref<i32>
    // CHECK: scf.while
    scf.while : () -> () {
      %7 = memref.load %s[] : memref<i32>
      %8 = arith.cmpi sgt, %7, %c0 : i32
      scf.condition(%8)
    } do {
      %9 = memref.load %tid[] : memref<i32>
      %10 = memref.load %s[] : memref<i32>
      %11 = arith.cmpi slt, %9, %10 : i32
      // CHECK: scf.if
      scf.if %11 {
        %12 = memref.load %tid[] : memref<i32>
        %13 = memref.load %s[] : memref<i32>
        %14 = arith.addi %12, %13 : i32
        %15 = arith.index_cast %14 : i32 to index
        %16 = memref.load %sdata[%15] : memref<256xf32, #gpu.address_space<workgroup>>
        %17 = memref.load %tid[] : memref<i32>
        %18 = arith.index_cast %17 : i32 to index
        %19 = memref.load %sdata[%18] : memref<256xf32, #gpu.address_space<workgroup>>
        %20 = arith.addf %19, %16 : f32
        memref.store %20, %sdata[%18] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      // CHECK-NOT: gpu.barrier
      // CHECK: }
      // CHECK-NEXT: memref.load
      // CHECK-NEXT: arith.shrsi
      // CHECK-NEXT: memref.store
      // CHECK-NEXT: gpu.barrier {kfix.repaired = "kfix-repair-missing-barrier"}
      // CHECK-NEXT: scf.yield
      %21 = memref.load %s[] : memref<i32>
      %22 = arith.shrsi %21, %c1 : i32
      memref.store %22, %s[] : memref<i32>
      scf.yield
    }
    // Only one barrier: the one in the loop also orders the final read.
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    %23 = memref.load %tid[] : memref<i32>
    %24 = arith.cmpi eq, %23, %c0 : i32
    scf.if %24 {
      %c0i = arith.constant 0 : index
      %25 = memref.load %sdata[%c0i] : memref<256xf32, #gpu.address_space<workgroup>>
      %26 = arith.index_cast %bx32 : i32 to index
      memref.store %25, %out[%26] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// Each thread reads back its own element, and a barrier already separates the
// cross-thread read: nothing to insert.
// __global__ void ok(float *io) {
//   __shared__ float t[256];
//   int tid = threadIdx.x;
//   t[tid] = io[tid]; float a = t[tid];
//   __syncthreads();
//   io[tid] = a + t[255 - tid];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @ok
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @ok(%io: memref<?xf32>)
      workgroup(%t: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "ok", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["t"]} {
    %tid = memref.alloca() {kfix.var = "tid"} : memref<i32>
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    memref.store %tx32, %tid[] : memref<i32>
    %0 = memref.load %tid[] : memref<i32>
    %1 = arith.index_cast %0 : i32 to index
    %v = memref.load %io[%1] : memref<?xf32>
    memref.store %v, %t[%1] : memref<256xf32, #gpu.address_space<workgroup>>
    %2 = memref.load %tid[] : memref<i32>
    %3 = arith.index_cast %2 : i32 to index
    %a = memref.load %t[%3] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c255 = arith.constant 255 : i32
    %4 = memref.load %tid[] : memref<i32>
    %5 = arith.subi %c255, %4 : i32
    %6 = arith.index_cast %5 : i32 to index
    %b = memref.load %t[%6] : memref<256xf32, #gpu.address_space<workgroup>>
    %sum = arith.addf %a, %b : f32
    memref.store %sum, %io[%1] : memref<?xf32>
    gpu.return
  }
}
