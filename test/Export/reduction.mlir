// RUN: kfix-translate --export-cuda %s | FileCheck %s
// Grid-stride scf.for, shared-memory tree reduction with barriers (scf.while), warp shuffle, atomicAdd.
// CHECK-LABEL: __global__ void block_sum(const float *x, float *out, int n) {
// CHECK-NEXT:   __shared__ float red[256];
// CHECK-NEXT:   float acc = 0.0f;
// CHECK-NEXT:   for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
// CHECK-NEXT:     acc += x[i];
// CHECK-NEXT:   }
// CHECK-NEXT:   red[threadIdx.x] = acc;
// CHECK-NEXT:   __syncthreads();
// CHECK-NEXT:   int s = blockDim.x / 2;
// CHECK-NEXT:   while (s > 32) {
// CHECK-NEXT:     if (threadIdx.x < (unsigned)s) {
// CHECK-NEXT:       red[threadIdx.x] += red[threadIdx.x + s];
// CHECK-NEXT:     }
// CHECK-NEXT:     __syncthreads();
// CHECK-NEXT:     s >>= 1;
// CHECK-NEXT:   }
// CHECK-NEXT:   if (threadIdx.x < 32) {
// CHECK-NEXT:     float v = red[threadIdx.x];
// CHECK-NEXT:     int o = 16;
// CHECK-NEXT:     while (o > 0) {
// CHECK-NEXT:       v += __shfl_down_sync(0xffffffffu, v, o);
// CHECK-NEXT:       o >>= 1;
// CHECK-NEXT:     }
// CHECK-NEXT:     if (threadIdx.x == 0) {
// CHECK-NEXT:       atomicAdd(&out[blockIdx.x], v);
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Grid-stride loop, block reduction in shared memory, warp shuffle.
    gpu.func @block_sum(%x: memref<?xf32>, %out: memref<?xf32>, %n: i32)
        workgroup(%red: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {kfix.name = "block_sum",
                           kfix.arg_names = ["x", "out", "n"],
                           kfix.arg_ctypes = ["const float *", "float *", "int"],
                           kfix.shared_names = ["red"]} {
      %acc = memref.alloca() {kfix.var = "acc"} : memref<f32>
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %acc[] : memref<f32>
      %i = memref.alloca() {kfix.var = "i"} : memref<i32>
      %bid = gpu.block_id x
      %bid32 = arith.index_castui %bid : index to i32
      %bdim = gpu.block_dim x
      %bdim32 = arith.index_castui %bdim : index to i32
      %m = arith.muli %bid32, %bdim32 : i32
      %tid = gpu.thread_id x
      %tid32 = arith.index_castui %tid : index to i32
      %g = arith.addi %m, %tid32 : i32
      %bdim2 = gpu.block_dim x
      %bdim232 = arith.index_castui %bdim2 : index to i32
      %gdim = gpu.grid_dim x
      %gdim32 = arith.index_castui %gdim : index to i32
      %stride = arith.muli %bdim232, %gdim32 : i32
      scf.for %iv = %g to %n step %stride : i32 {
        memref.store %iv, %i[] : memref<i32>
        %a = memref.load %acc[] : memref<f32>
        %ii = memref.load %i[] : memref<i32>
        %ix = arith.index_cast %ii : i32 to index
        %v = memref.load %x[%ix] : memref<?xf32>
        %s = arith.addf %a, %v : f32
        memref.store %s, %acc[] : memref<f32>
      }
      %tid_b = gpu.thread_id x
      %tid_b32 = arith.index_castui %tid_b : index to i32
      %txi = arith.index_castui %tid_b32 : i32 to index
      %accv = memref.load %acc[] : memref<f32>
      memref.store %accv, %red[%txi] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      // for (int s = blockDim.x / 2; s > 32; s >>= 1)
      %s_var = memref.alloca() {kfix.var = "s"} : memref<i32>
      %bd = gpu.block_dim x
      %bd32 = arith.index_castui %bd : index to i32
      %c2 = arith.constant 2 : i32
      %half = arith.divui %bd32, %c2 : i32
      memref.store %half, %s_var[] : memref<i32>
      scf.while : () -> () {
        %sv = memref.load %s_var[] : memref<i32>
        %c32 = arith.constant 32 : i32
        %gt = arith.cmpi sgt, %sv, %c32 : i32
        scf.condition(%gt)
      } do {
        %t = gpu.thread_id x
        %t32 = arith.index_castui %t : index to i32
        %sv2 = memref.load %s_var[] : memref<i32>
        %lt = arith.cmpi ult, %t32, %sv2 : i32
        scf.if %lt {
          %t2 = gpu.thread_id x
          %t232 = arith.index_castui %t2 : index to i32
          %ti = arith.index_castui %t232 : i32 to index
          %o = memref.load %red[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
          %t3 = gpu.thread_id x
          %t332 = arith.index_castui %t3 : index to i32
          %sv3 = memref.load %s_var[] : memref<i32>
          %sum = arith.addi %t332, %sv3 : i32
          %si = arith.index_castui %sum : i32 to index
          %p = memref.load %red[%si] : memref<256xf32, #gpu.address_space<workgroup>>
          %r = arith.addf %o, %p : f32
          memref.store %r, %red[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %sv4 = memref.load %s_var[] : memref<i32>
        %c1 = arith.constant 1 : i32
        %sh = arith.shrsi %sv4, %c1 : i32
        memref.store %sh, %s_var[] : memref<i32>
        scf.yield
      }
      // warp: float v = red[tid]; for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(...)
      %tw = gpu.thread_id x
      %tw32 = arith.index_castui %tw : index to i32
      %c32b = arith.constant 32 : i32
      %inwarp = arith.cmpi ult, %tw32, %c32b : i32
      scf.if %inwarp {
        %val = memref.alloca() {kfix.var = "v"} : memref<f32>
        %twi = arith.index_castui %tw32 : i32 to index
        %r0 = memref.load %red[%twi] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %r0, %val[] : memref<f32>
        %o_var = memref.alloca() {kfix.var = "o"} : memref<i32>
        %c16 = arith.constant 16 : i32
        memref.store %c16, %o_var[] : memref<i32>
        scf.while : () -> () {
          %ov = memref.load %o_var[] : memref<i32>
          %c0 = arith.constant 0 : i32
          %pos = arith.cmpi sgt, %ov, %c0 : i32
          scf.condition(%pos)
        } do {
          %vv = memref.load %val[] : memref<f32>
          %ov2 = memref.load %o_var[] : memref<i32>
          %w = arith.constant 32 : i32
          %shf, %valid = gpu.shuffle down %vv, %ov2, %w : f32
          %vv2 = memref.load %val[] : memref<f32>
          %nv = arith.addf %vv2, %shf : f32
          memref.store %nv, %val[] : memref<f32>
          %ov3 = memref.load %o_var[] : memref<i32>
          %one = arith.constant 1 : i32
          %nh = arith.shrsi %ov3, %one : i32
          memref.store %nh, %o_var[] : memref<i32>
          scf.yield
        }
        %c0b = arith.constant 0 : i32
        %is0 = arith.cmpi eq, %tw32, %c0b : i32
        scf.if %is0 {
          %fin = memref.load %val[] : memref<f32>
          %bid2 = gpu.block_id x
          %b2 = arith.index_castui %bid2 : index to i32
          %bi = arith.index_castui %b2 : i32 to index
          %old = memref.atomic_rmw addf %fin, %out[%bi] : (f32, memref<?xf32>) -> f32
        }
      }
      gpu.return
    }
  }
}
