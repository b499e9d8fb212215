// RUN: kfix-opt %s --verify-each --kfix-repair-shared-tile-size='shared=tile pad=1' | FileCheck %s
// RUN: kfix-opt %s --verify-each --kfix-repair-shared-tile-size='shared=other shape=64' | FileCheck %s --check-prefix=NONE
// RUN: not kfix-opt %s --kfix-repair-shared-tile-size='shared=tile shape=32' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not kfix-opt %s --kfix-repair-shared-tile-size='shared=tile' 2>&1 | FileCheck %s --check-prefix=ERR

// __global__ void transpose32(const float *in, float *out, int n) {
//   __shared__ float tile[32][32];            // bank conflicts on the column read: [32][33]
//   int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
//   tile[threadIdx.y][threadIdx.x] = in[y * n + x];
//   __syncthreads();
//   ...
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @transpose32
  // CHECK-SAME: workgroup(%{{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>)
  // CHECK-SAME: kfix.repaired = "kfix-repair-shared-tile-size"
  // NONE: memref<32x32xf32, #gpu.address_space<workgroup>>
  // NONE-NOT: kfix.repaired
  gpu.func @transpose32(%in: memref<?xf32>, %out: memref<?xf32>, %n: i32)
      workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "transpose32", kfix.arg_names = ["in", "out", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.shared_names = ["tile"]} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %in[%tx] : memref<?xf32>
    // CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x33xf32, #gpu.address_space<workgroup>>
    memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tx] : memref<?xf32>
    gpu.return
  }
}
// RANK: new shape of 'tile' must keep its rank 2
// ERR: needs shared=<name> (or loc=<an access>) and one of shape= or pad=
