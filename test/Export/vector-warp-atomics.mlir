// RUN: kfix-translate --export-cuda %s | FileCheck %s
// float4 loads/stores and lane access, votes, atomics (incl. CAS), unsigned div/rem/compare,
// 3-D thread ids, a template instantiation. Collectives stay out of && and ?: arms.
// CHECK-LABEL: __global__ void scale4(const float *in, float *out, int n4, float s) {
// CHECK-NEXT:   int i = threadIdx.x;
// CHECK-NEXT:   if (i < n4) {
// CHECK-NEXT:     float4 v = reinterpret_cast<const float4 *>(in)[i];
// CHECK-NEXT:     v.x = v.x * s;
// CHECK-NEXT:     reinterpret_cast<float4 *>(out)[i] = v;
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // kfix: instantiation `misc<unsigned>` of a template kernel, exported as the plain kernel `misc`.
// CHECK-LABEL: __global__ void misc(const unsigned *flags, unsigned *cnt, int *hist, unsigned n) {
// CHECK-NEXT:   int lin = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
// CHECK-NEXT:   const bool t0 = flags[(unsigned)lin] != 0;
// CHECK-NEXT:   const int t1 = __popc(__ballot_sync(0xffffffffu, t0));
// CHECK-NEXT:   if (((lin & 31) == 0) & __any_sync(0xffffffffu, t0)) {
// CHECK-NEXT:     atomicAdd(&cnt[0], (unsigned)t1);
// CHECK-NEXT:   }
// CHECK-NEXT:   const unsigned t2 = (unsigned)lin / 8;
// CHECK-NEXT:   const unsigned t3 = __all_sync(0xffffffffu, t0) ? t2 : (unsigned)lin % 8;
// CHECK-NEXT:   if (t2 < n) {
// CHECK-NEXT:     atomicMax(&hist[t3], 1);
// CHECK-NEXT:     atomicMax(&cnt[t3], (unsigned)atomicCAS(&hist[t3], 0, 1));
// CHECK-NEXT:   }
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // float4 copy with scale: reinterpret_cast<const float4 *>(in)[i]
    gpu.func @scale4(%in: memref<?xf32>, %out: memref<?xf32>, %n4: i32, %s: f32) kernel
        attributes {kfix.name = "scale4", kfix.arg_names = ["in", "out", "n4", "s"],
                    kfix.arg_ctypes = ["const float *", "float *", "int", "float"]} {
      %i = memref.alloca() {kfix.var = "i"} : memref<i32>
      %tid = gpu.thread_id x
      %t = arith.index_castui %tid : index to i32
      memref.store %t, %i[] : memref<i32>
      %iv = memref.load %i[] : memref<i32>
      %lt = arith.cmpi slt, %iv, %n4 : i32
      scf.if %lt {
        %v = memref.alloca() {kfix.var = "v"} : memref<vector<4xf32>>
        %i1 = memref.load %i[] : memref<i32>
        %c4 = arith.constant 4 : i32
        %m = arith.muli %i1, %c4 : i32
        %x = arith.index_cast %m : i32 to index
        %ld = vector.load %in[%x] : memref<?xf32>, vector<4xf32>
        memref.store %ld, %v[] : memref<vector<4xf32>>
        %v1 = memref.load %v[] : memref<vector<4xf32>>
        %e0 = vector.extract %v1[0] : f32 from vector<4xf32>
        %p0 = arith.mulf %e0, %s : f32
        %v2 = memref.load %v[] : memref<vector<4xf32>>
        %n = vector.insert %p0, %v2 [0] : f32 into vector<4xf32>
        memref.store %n, %v[] : memref<vector<4xf32>>
        %v3 = memref.load %v[] : memref<vector<4xf32>>
        %i2 = memref.load %i[] : memref<i32>
        %m2 = arith.muli %i2, %c4 : i32
        %x2 = arith.index_cast %m2 : i32 to index
        vector.store %v3, %out[%x2] : memref<?xf32>, vector<4xf32>
      }
      gpu.return
    }

    // Votes, CAS, atomics, unsigned arithmetic, 3-D ids.
    gpu.func @misc(%flags: memref<?xi32>, %cnt: memref<?xi32>, %hist: memref<?xi32>, %n: i32)
        kernel attributes {kfix.name = "misc<unsigned>", kfix.arg_names = ["flags", "cnt", "hist", "n"],
                    kfix.arg_ctypes = ["const unsigned *", "unsigned *", "int *", "unsigned"]} {
      %tz = gpu.thread_id z
      %tz32 = arith.index_castui %tz : index to i32
      %ty = gpu.thread_id y
      %ty32 = arith.index_castui %ty : index to i32
      %tx = gpu.thread_id x
      %tx32 = arith.index_castui %tx : index to i32
      %bdx = gpu.block_dim x
      %bdx32 = arith.index_castui %bdx : index to i32
      %bdy = gpu.block_dim y
      %bdy32 = arith.index_castui %bdy : index to i32
      %a = arith.muli %tz32, %bdy32 : i32
      %b = arith.addi %a, %ty32 : i32
      %c = arith.muli %b, %bdx32 : i32
      %lin = arith.addi %c, %tx32 : i32
      %li = memref.alloca() {kfix.var = "lin"} : memref<i32>
      memref.store %lin, %li[] : memref<i32>
      %l = memref.load %li[] : memref<i32>
      %lx = arith.index_castui %l : i32 to index
      %f = memref.load %flags[%lx] : memref<?xi32>
      %c0 = arith.constant 0 : i32
      %nz = arith.cmpi ne, %f, %c0 : i32
      %mask = arith.constant -1 : i32
      %bal = nvvm.vote.sync ballot %mask, %nz -> i32
      %any = nvvm.vote.sync any %mask, %nz -> i1
      %all = nvvm.vote.sync all %mask, %nz -> i1
      %pc = math.ctpop %bal : i32
      %c31 = arith.constant 31 : i32
      %lane = arith.andi %l, %c31 : i32
      %is0 = arith.cmpi eq, %lane, %c0 : i32
      %both = arith.andi %is0, %any : i1
      scf.if %both {
        %c0i = arith.constant 0 : index
        %o = memref.atomic_rmw addi %pc, %cnt[%c0i] : (i32, memref<?xi32>) -> i32
      }
      %l2 = memref.load %li[] : memref<i32>
      %c8 = arith.constant 8 : i32
      %q = arith.divui %l2, %c8 : i32
      %r = arith.remui %l2, %c8 : i32
      %lt = arith.cmpi ult, %q, %n : i32
      %sel = arith.select %all, %q, %r : i32
      scf.if %lt {
        %hx = arith.index_castui %sel : i32 to index
        %c1 = arith.constant 1 : i32
        %o2 = memref.atomic_rmw maxs %c1, %hist[%hx] : (i32, memref<?xi32>) -> i32
        %old = memref.generic_atomic_rmw %hist[%hx] : memref<?xi32> {
        ^bb0(%cur: i32):
          %eq = arith.cmpi eq, %cur, %c0 : i32
          %nv = arith.select %eq, %c1, %cur : i32
          memref.atomic_yield %nv : i32
        }
        %o3 = memref.atomic_rmw maxu %old, %cnt[%hx] : (i32, memref<?xi32>) -> i32
      }
      gpu.return
    }
  }
}
