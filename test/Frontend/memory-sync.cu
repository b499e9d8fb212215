// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: env KFIX_NO_CUDA_TOOLKIT=1 kfix-translate --import-cuda %s | FileCheck %s

// CHECK-LABEL: gpu.func @shared_reduce
// CHECK-SAME: workgroup(%[[S:.*]] : memref<256xf32, #gpu.address_space<workgroup>>, %[[T:.*]] : memref<8x9xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: kfix.shared_names = ["buf", "tile"]
// CHECK: memref.store %{{.*}}, %[[S]][
// CHECK: gpu.barrier
// CHECK: memref.load %[[T]][%{{.*}}, %{{.*}}] : memref<8x9xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.shuffle down %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: gpu.shuffle xor {{.*}} {kfix.mask = 65535 : i64} : f32
// CHECK: memref.atomic_rmw addf
// CHECK: memref.atomic_rmw maxs
// CHECK: memref.generic_atomic_rmw
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: memref.atomic_yield
// CHECK: nvvm.vote.sync ballot
__global__ void shared_reduce(const float *x, float *out, int *imax, int *lock) {
  __shared__ float buf[256];
  __shared__ float tile[8][9];
  buf[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  float v = buf[threadIdx.x] + tile[threadIdx.y][threadIdx.x];
  v += __shfl_down_sync(0xffffffff, v, 16);
  v += __shfl_xor_sync(0x0000ffff, v, 1);
  atomicAdd(out, v);
  atomicMax(imax, (int)v);
  atomicCAS(lock, 0, 1);
  unsigned b = __ballot_sync(0xffffffff, v > 0.0f);
  out[1] = (float)b;
}

// CHECK-LABEL: gpu.func @dynamic_smem
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: nvvm.read.ptx.sreg.dynamic.smem.size
// CHECK: memref.view %[[DYN]][%{{.*}}][%{{.*}}] {kfix.var = "smem"} : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
__global__ void dynamic_smem(float *y) {
  extern __shared__ float smem[];
  smem[threadIdx.x] = 1.0f;
  __syncthreads();
  y[threadIdx.x] = smem[blockDim.x - 1 - threadIdx.x];
}

// Pointer variables: base memref plus an offset slot; float4 accesses are vector ops.
// CHECK-LABEL: gpu.func @pointers
// CHECK: %[[P:.*]] = memref.alloca() {kfix.var = "p"} : memref<i64>
// CHECK: vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK: vector.extract %{{.*}}[1] : f32 from vector<4xf32>
// CHECK: memref.load %[[P]][] : memref<i64>
// CHECK: vector.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>, vector<4xf32>
__global__ void pointers(const float *x, float *y, int cols) {
  const float *p = x + blockIdx.x * cols;
  p += 4;
  float4 v = reinterpret_cast<const float4 *>(x)[threadIdx.x];
  float s = v.y + *(p + threadIdx.x) + __ldg(&x[threadIdx.x]);
  reinterpret_cast<float4 *>(y)[threadIdx.x] = make_float4(s, s, s, s);
}

// Vector pointer parameters are buffers of scalars seen through a vector
// pointer (as a reinterpret_cast of a scalar pointer would be): the element
// index is scaled by the lanes.
// CHECK-LABEL: gpu.func @vector_params
// CHECK-SAME: (%arg0: memref<?xf32>, %arg1: memref<?xf32>
// CHECK: arith.muli %{{.*}}, %c4_i32
// CHECK: vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>, vector<4xf32>
__global__ void vector_params(const float4 *__restrict__ x, float4 *y) {
  int i = threadIdx.x;
  float4 v = x[i];
  v.x += 1.0f;
  y[i] = v;
}
