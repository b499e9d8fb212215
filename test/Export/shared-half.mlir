// RUN: kfix-translate --export-cuda %s | FileCheck %s
// 2-D shared tile, dynamic shared memory, i64-widened indexing and an extra barrier from repairs,
// f16/bf16 math, f32 accumulator, local array, fast-math, ?: from scf.if with a result.
// CHECK: #include <math.h>
// CHECK-NEXT: #include <cuda_fp16.h>
// CHECK-NEXT: #include <cuda_bf16.h>
// CHECK-EMPTY:
// CHECK-LABEL: __global__ void transpose(const float *in, float *out, int rows, int cols) {
// CHECK-NEXT:   __shared__ float tile[32][33];
// CHECK-NEXT:   extern __shared__ float buf[];
// CHECK-NEXT:   int x = blockIdx.x * 32 + threadIdx.x;
// CHECK-NEXT:   if (x < cols) {
// CHECK-NEXT:     tile[threadIdx.y][threadIdx.x] = in[(long long)(int)threadIdx.y * (long long)cols + (long long)x];
// CHECK-NEXT:   }
// CHECK-NEXT:   __syncthreads();
// CHECK-NEXT:   buf[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
// CHECK-NEXT:   out[blockIdx.x * 32 + threadIdx.x] = buf[threadIdx.x];
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-LABEL: __global__ void half_math(const __half *h, __nv_bfloat16 *o, int n) {
// CHECK-NEXT:   float acc = 0.0f;
// CHECK-NEXT:   float r[4];
// CHECK-NEXT:   for (int k = 0; k < 4; k += 1) {
// CHECK-NEXT:     const float t0 = sqrtf(__expf(__half2float(hexp(__hmul(h[k], __float2half(2.0f))))));
// CHECK-NEXT:     r[k] = t0;
// CHECK-NEXT:     acc += t0;
// CHECK-NEXT:   }
// CHECK-NEXT:   o[threadIdx.x] = __float2bfloat16(fmaxf(__fdividef((int)threadIdx.x < n ? r[3] : -INFINITY, acc), 0.0f));
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // 2-D shared tile transpose with dynamic shared memory staging.
    gpu.func @transpose(%in: memref<?xf32>, %out: memref<?xf32>, %rows: i32, %cols: i32)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>)
        kernel attributes {kfix.name = "transpose", kfix.arg_names = ["in", "out", "rows", "cols"],
                    kfix.arg_ctypes = ["const float *", "float *", "int", "int"],
                    kfix.shared_names = ["tile"]} {
      %tx = gpu.thread_id x
      %tx32 = arith.index_castui %tx : index to i32
      %ty = gpu.thread_id y
      %ty32 = arith.index_castui %ty : index to i32
      %bx = gpu.block_id x
      %bx32 = arith.index_castui %bx : index to i32
      %c32 = arith.constant 32 : i32
      %x0 = arith.muli %bx32, %c32 : i32
      %x = arith.addi %x0, %tx32 : i32
      %xv = memref.alloca() {kfix.var = "x"} : memref<i32>
      memref.store %x, %xv[] : memref<i32>
      %xl = memref.load %xv[] : memref<i32>
      %inb = arith.cmpi slt, %xl, %cols : i32
      scf.if %inb {
        // widened: (long long)ty * cols + x
        %ty64 = arith.extsi %ty32 : i32 to i64
        %cols64 = arith.extsi %cols : i32 to i64
        %r64 = arith.muli %ty64, %cols64 : i64
        %xl2 = memref.load %xv[] : memref<i32>
        %x64 = arith.extsi %xl2 : i32 to i64
        %off = arith.addi %r64, %x64 {kfix.repaired = "kfix-repair-index-widen"} : i64
        %offi = arith.index_cast %off : i64 to index
        %v = memref.load %in[%offi] : memref<?xf32>
        %tyi = arith.index_castui %ty32 : i32 to index
        %txi = arith.index_castui %tx32 : i32 to index
        memref.store %v, %tile[%tyi, %txi] : memref<32x33xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier {kfix.repaired = "kfix-repair-missing-barrier"}
      %tyi2 = arith.index_castui %ty32 : i32 to index
      %txi2 = arith.index_castui %tx32 : i32 to index
      %t = memref.load %tile[%txi2, %tyi2] : memref<32x33xf32, #gpu.address_space<workgroup>>
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %buf = memref.view %dyn[%c0][%c1024] {kfix.var = "buf"} : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
      memref.store %t, %buf[%txi2] : memref<?xf32, #gpu.address_space<workgroup>>
      %ox = arith.index_castui %x : i32 to index
      %b = memref.load %buf[%txi2] : memref<?xf32, #gpu.address_space<workgroup>>
      memref.store %b, %out[%ox] : memref<?xf32>
      gpu.return
    }

    // f16 in, f32 accumulator (repair), bf16 out; local array; ternary.
    gpu.func @half_math(%h: memref<?xf16>, %o: memref<?xbf16>, %n: i32) kernel
        attributes {kfix.name = "half_math", kfix.arg_names = ["h", "o", "n"],
                    kfix.arg_ctypes = ["const __half *", "__nv_bfloat16 *", "int"]} {
      %r = memref.alloca() {kfix.var = "r"} : memref<4xf32>
      %acc = memref.alloca() {kfix.var = "acc", kfix.repaired = "kfix-repair-accum-precision"} : memref<f32>
      %z = arith.constant 0.0 : f32
      memref.store %z, %acc[] : memref<f32>
      %c0 = arith.constant 0 : i32
      %c4 = arith.constant 4 : i32
      %c1 = arith.constant 1 : i32
      %k = memref.alloca() {kfix.var = "k"} : memref<i32>
      scf.for %iv = %c0 to %c4 step %c1 : i32 {
        memref.store %iv, %k[] : memref<i32>
        %kk = memref.load %k[] : memref<i32>
        %ki = arith.index_cast %kk : i32 to index
        %hv = memref.load %h[%ki] : memref<?xf16>
        %two = arith.constant 2.0 : f16
        %m = arith.mulf %hv, %two : f16
        %e = math.exp %m : f16
        %ef = arith.extf %e : f16 to f32
        %ex = math.exp %ef fastmath<afn> : f32
        %sq = math.sqrt %ex : f32
        memref.store %sq, %r[%ki] : memref<4xf32>
        %a = memref.load %acc[] : memref<f32>
        %s = arith.addf %a, %sq : f32
        memref.store %s, %acc[] : memref<f32>
      }
      %tid = gpu.thread_id x
      %t32 = arith.index_castui %tid : index to i32
      %lt = arith.cmpi slt, %t32, %n : i32
      %res = scf.if %lt -> f32 {
        %c3 = arith.constant 3 : index
        %rv = memref.load %r[%c3] : memref<4xf32>
        scf.yield %rv : f32
      } else {
        %ninf = arith.constant 0xFF800000 : f32
        scf.yield %ninf : f32
      }
      %a2 = memref.load %acc[] : memref<f32>
      %d = arith.divf %res, %a2 fastmath<afn> : f32
      %mx = arith.maxnumf %d, %z : f32
      %bf = arith.truncf %mx : f32 to bf16
      %ti = arith.index_castui %t32 : i32 to index
      memref.store %bf, %o[%ti] : memref<?xbf16>
      gpu.return
    }
  }
}
