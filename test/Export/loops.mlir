// RUN: kfix-translate --export-cuda %s | FileCheck %s
// scf.while with the lifter's break flag, else-if chains, loop-carried values (canonicalized IR).
// CHECK-LABEL: __global__ void find_neg(const float *x, int *pos, int n) {
// CHECK-NEXT:   bool __break = false;
// CHECK-NEXT:   int i = 0;
// CHECK-NEXT:   while (i < n && !__break) {
// CHECK-NEXT:     if (x[i] < 0.0f) {
// CHECK-NEXT:       __break = true;
// CHECK-NEXT:     }
// CHECK-NEXT:     if (!__break) {
// CHECK-NEXT:       i += 1;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   if (i == 0) {
// CHECK-NEXT:     pos[0] = -1;
// CHECK-NEXT:   } else if (i < n) {
// CHECK-NEXT:     pos[0] = i;
// CHECK-NEXT:   } else {
// CHECK-NEXT:     pos[0] = n;
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-LABEL: __global__ void carried(float *arg0, float *arg1, int arg2) {
// CHECK-NEXT:   float t0 = 0.0f;
// CHECK-NEXT:   for (long long i = 0; i < (long long)arg2; i += 1) {
// CHECK-NEXT:     t0 = t0 + arg0[i];
// CHECK-NEXT:   }
// CHECK-NEXT:   int t1 = 1;
// CHECK-NEXT:   float t2 = 0.0f;
// CHECK-NEXT:   int t3;
// CHECK-NEXT:   float t4;
// CHECK-NEXT:   while (true) {
// CHECK-NEXT:     const int t5 = t1;
// CHECK-NEXT:     const float t6 = t2;
// CHECK-NEXT:     t3 = t5;
// CHECK-NEXT:     t4 = t6;
// CHECK-NEXT:     if (!(t1 < arg2))
// CHECK-NEXT:       break;
// CHECK-NEXT:     const int t7 = t3 * 2;
// CHECK-NEXT:     const float t8 = t4 + (float)t3;
// CHECK-NEXT:     t1 = t7;
// CHECK-NEXT:     t2 = t8;
// CHECK-NEXT:   }
// CHECK-NEXT:   arg1[0] = t0 + (float)(unsigned)t3 + t4;
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // while (i < n) { if (x[i] < 0) break; i += 1; } with the lifter's flags.
    gpu.func @find_neg(%x: memref<?xf32>, %pos: memref<?xi32>, %n: i32) kernel
        attributes {kfix.name = "find_neg", kfix.arg_names = ["x", "pos", "n"],
                    kfix.arg_ctypes = ["const float *", "int *", "int"]} {
      %brk = memref.alloca() {kfix.var = "__break"} : memref<i1>
      %false = arith.constant false
      %true = arith.constant true
      memref.store %false, %brk[] : memref<i1>
      %i = memref.alloca() {kfix.var = "i"} : memref<i32>
      %c0 = arith.constant 0 : i32
      memref.store %c0, %i[] : memref<i32>
      scf.while : () -> () {
        %iv = memref.load %i[] : memref<i32>
        %lt = arith.cmpi slt, %iv, %n : i32
        %b = memref.load %brk[] : memref<i1>
        %nb = arith.xori %b, %true : i1
        %c = arith.andi %lt, %nb : i1
        scf.condition(%c)
      } do {
        %iv = memref.load %i[] : memref<i32>
        %ix = arith.index_cast %iv : i32 to index
        %v = memref.load %x[%ix] : memref<?xf32>
        %zf = arith.constant 0.0 : f32
        %neg = arith.cmpf olt, %v, %zf : f32
        scf.if %neg {
          memref.store %true, %brk[] : memref<i1>
        }
        %b2 = memref.load %brk[] : memref<i1>
        %nb2 = arith.xori %b2, %true : i1
        scf.if %nb2 {
          %iv2 = memref.load %i[] : memref<i32>
          %c1 = arith.constant 1 : i32
          %inc = arith.addi %iv2, %c1 : i32
          memref.store %inc, %i[] : memref<i32>
        }
        scf.yield
      }
      %c0i = arith.constant 0 : index
      %fi = memref.load %i[] : memref<i32>
      // if (fi == 0) pos[0] = -1; else if (fi < n) pos[0] = fi; else pos[0] = n;
      %z = arith.cmpi eq, %fi, %c0 : i32
      scf.if %z {
        %m1 = arith.constant -1 : i32
        memref.store %m1, %pos[%c0i] : memref<?xi32>
      } else {
        %l = arith.cmpi slt, %fi, %n : i32
        scf.if %l {
          memref.store %fi, %pos[%c0i] : memref<?xi32>
        } else {
          memref.store %n, %pos[%c0i] : memref<?xi32>
        }
      }
      gpu.return
    }

    // Canonicalized forms: scf.for with iter_args, scf.while with values, index loops.
    gpu.func @carried(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %ni = arith.index_cast %n : i32 to index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %k = %c0 to %ni step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %x[%k] : memref<?xf32>
        %a = arith.addf %acc, %v : f32
        scf.yield %a : f32
      }
      %c1i = arith.constant 1 : i32
      %r:2 = scf.while (%p = %c1i, %q = %zero) : (i32, f32) -> (i32, f32) {
        %lt = arith.cmpi slt, %p, %n : i32
        scf.condition(%lt) %p, %q : i32, f32
      } do {
      ^bb0(%p2: i32, %q2: f32):
        %two = arith.constant 2 : i32
        %np = arith.muli %p2, %two : i32
        %f = arith.sitofp %p2 : i32 to f32
        %nq = arith.addf %q2, %f : f32
        scf.yield %np, %nq : i32, f32
      }
      %pf = arith.uitofp %r#0 : i32 to f32
      %t = arith.addf %sum, %pf : f32
      %t2 = arith.addf %t, %r#1 : f32
      memref.store %t2, %y[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
