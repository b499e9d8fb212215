// RUN: kfix-opt %s --verify-each --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-off-by-one{loc=t.cu:14 fix=flip}))' | FileCheck %s --check-prefix=FLIP
// RUN: kfix-opt %s --verify-each --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-off-by-one{loc=t.cu:20 fix=inc}))' | FileCheck %s --check-prefix=INC
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-off-by-one{loc=t.cu:30 fix=dec}))' 2>%t.err | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: not kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-off-by-one{fix=flip}))' 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: kfix-repair-off-by-one: needs loc=<file:line[:col]>

// A Hillis-Steele step whose test `tid > off` is written twice (line 14 and
// 16): flipping the one at the site flips the repeat too, and nothing else.
//   if (tid > off) add = s[tid - off];  __syncthreads();  if (tid > off) s[tid] += add;
//   if (tid > n) ...   (line 18: another comparison, left alone)
gpu.module @kernels {
  // FLIP-LABEL: gpu.func @scan_step
  // FLIP: arith.cmpi sge, {{.*}} {kfix.repaired = "kfix-repair-off-by-one"}
  // FLIP: arith.cmpi sge, {{.*}} {kfix.repaired = "kfix-repair-off-by-one"}
  // FLIP: arith.cmpi sgt, %{{.*}}, %arg1 : i32
  gpu.func @scan_step(%s: memref<?xi32>, %n: i32) kernel
      attributes {kfix.name = "scan_step", kfix.arg_names = ["s", "n"], kfix.arg_ctypes = ["int *", "int"]} {
    %tidv = memref.alloca() {kfix.var = "tid"} : memref<i32>
    %offv = memref.alloca() {kfix.var = "off"} : memref<i32>
    %tx = gpu.thread_id x
    %t32 = arith.index_castui %tx : index to i32
    memref.store %t32, %tidv[] : memref<i32>
    %c1 = arith.constant 1 : i32
    memref.store %c1, %offv[] : memref<i32>
    %a = memref.load %tidv[] : memref<i32> loc("t.cu":14:13)
    %b = memref.load %offv[] : memref<i32> loc("t.cu":14:19)
    %c = arith.cmpi sgt, %a, %b : i32 loc("t.cu":14:17)
    scf.if %c {
      memref.store %c1, %s[%tx] : memref<?xi32>
    }
    %d = memref.load %tidv[] : memref<i32> loc("t.cu":16:13)
    %e = memref.load %offv[] : memref<i32> loc("t.cu":16:19)
    %f = arith.cmpi sgt, %d, %e : i32 loc("t.cu":16:17)
    scf.if %f {
      memref.store %c1, %s[%tx] : memref<?xi32>
    }
    %g = memref.load %tidv[] : memref<i32> loc("t.cu":18:13)
    %h = arith.cmpi sgt, %g, %n : i32 loc("t.cu":18:17)
    scf.if %h {
      memref.store %c1, %s[%tx] : memref<?xi32>
    }
    gpu.return
  }
}

// -----

// A loop stopping at `cols - 1` (line 20): inc undoes the `- 1`.
gpu.module @kernels {
  // INC-LABEL: gpu.func @row_sum
  // INC: scf.for %{{.*}} = %{{.*}} to %arg2 step
  // INC: } {kfix.repaired = "kfix-repair-off-by-one"}
  gpu.func @row_sum(%x: memref<?xf32>, %y: memref<?xf32>, %cols: i32) kernel
      attributes {kfix.name = "row_sum", kfix.arg_names = ["x", "y", "cols"], kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ub = arith.subi %cols, %c1 : i32
    scf.for %k = %c0 to %ub step %c1 : i32 {
      %i = arith.index_cast %k : i32 to index
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %y[%i] : memref<?xf32>
    } loc("t.cu":20:5)
    gpu.return
  }
}

// -----

// A guard against a size local `const int P = H - R;` (line 20): inc moves
// the definition to H - R + 1. A doubling loop bounded by `n / 2` (line 30):
// dec divides the bound by 2 once more; an eq comparison cannot be shifted.
gpu.module @kernels {
  // INC-LABEL: gpu.func @sizes
  // INC: %[[D:.*]] = arith.subi %arg0, %arg1 : i32
  // INC: %[[P1:.*]] = arith.addi %[[D]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"} : i32
  // INC: memref.store %[[P1]], %{{.*}}[] {kfix.repaired = "kfix-repair-off-by-one"}
  // NONE-LABEL: gpu.func @sizes
  // NONE: %[[H:.*]] = arith.divui %arg0, %{{.*}} : i32
  // NONE: %[[Q:.*]] = arith.divui %[[H]], %{{.*}} {kfix.repaired = "kfix-repair-off-by-one"} : i32
  // NONE: arith.cmpi ult, %{{.*}}, %[[Q]]
  gpu.func @sizes(%h: i32, %r: i32, %y: memref<?xf32>) kernel
      attributes {kfix.name = "sizes", kfix.arg_names = ["H", "R", "y"], kfix.arg_ctypes = ["int", "int", "float *"]} {
    %pv = memref.alloca() {kfix.var = "P"} : memref<i32>
    %dv = memref.alloca() {kfix.var = "d"} : memref<i32>
    %diff = arith.subi %h, %r : i32
    memref.store %diff, %pv[] : memref<i32>
    %tx = gpu.thread_id x
    %t32 = arith.index_castui %tx : index to i32
    %p = memref.load %pv[] : memref<i32>
    %out = arith.cmpi sge, %t32, %p : i32 loc("t.cu":20:11)
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    memref.store %c1, %dv[] : memref<i32>
    scf.while : () -> () {
      %d = memref.load %dv[] : memref<i32>
      %half = arith.divui %h, %c2 : i32
      %go = arith.cmpi ult, %d, %half : i32 loc("t.cu":30:23)
      scf.condition(%go)
    } do {
      %d = memref.load %dv[] : memref<i32>
      %d2 = arith.muli %d, %c2 : i32
      memref.store %d2, %dv[] : memref<i32>
      scf.yield
    }
    gpu.return
  }
}

// -----

// Refusal: only an equality at the site.
// WARN: warning: kfix-repair-off-by-one: nothing to dec at t.cu:30
gpu.module @kernels {
  gpu.func @eq_only(%n: i32) kernel
      attributes {kfix.name = "eq_only", kfix.arg_names = ["n"], kfix.arg_ctypes = ["int"]} {
    %tx = gpu.thread_id x
    %t32 = arith.index_castui %tx : index to i32
    %z = arith.cmpi eq, %t32, %n : i32 loc("t.cu":30:9)
    gpu.return
  }
}

// -----

// Refusal: the test of a shrinking loop (`for (o = 16; o > 0; o >>= 1)`)
// at line 14 is not flipped: `o >= 0` would never end.
gpu.module @kernels {
  // FLIP-LABEL: gpu.func @shrinking
  // FLIP: arith.cmpi sgt
  // FLIP-NOT: kfix.repaired
  // FLIP: gpu.return
  gpu.func @shrinking(%n: i32) kernel
      attributes {kfix.name = "shrinking", kfix.arg_names = ["n"], kfix.arg_ctypes = ["int"]} {
    %ov = memref.alloca() {kfix.var = "o"} : memref<i32>
    %c16 = arith.constant 16 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    memref.store %c16, %ov[] : memref<i32>
    scf.while : () -> () {
      %o = memref.load %ov[] : memref<i32>
      %go = arith.cmpi sgt, %o, %c0 : i32 loc("t.cu":14:25)
      scf.condition(%go)
    } do {
      %o = memref.load %ov[] : memref<i32>
      %h = arith.shrsi %o, %c1 : i32
      memref.store %h, %ov[] : memref<i32>
      scf.yield
    }
    gpu.return
  }
}

// -----

// `q > k` in two loops, each with its own local `k` (line 14 and 16): one
// condition, flipped in both places.
gpu.module @kernels {
  // FLIP-LABEL: gpu.func @two_scopes
  // FLIP: arith.cmpi sge, {{.*}} {kfix.repaired = "kfix-repair-off-by-one"}
  // FLIP: arith.cmpi sge, {{.*}} {kfix.repaired = "kfix-repair-off-by-one"}
  gpu.func @two_scopes(%q: i32) kernel
      attributes {kfix.name = "two_scopes", kfix.arg_names = ["q"], kfix.arg_ctypes = ["int"]} {
    %k1 = memref.alloca() {kfix.var = "k"} : memref<i32>
    %k2 = memref.alloca() {kfix.var = "k"} : memref<i32>
    %c0 = arith.constant 0 : i32
    memref.store %c0, %k1[] : memref<i32>
    memref.store %c0, %k2[] : memref<i32>
    %a = memref.load %k1[] : memref<i32>
    %b = arith.cmpi sgt, %q, %a : i32 loc("t.cu":14:17)
    %c = memref.load %k2[] : memref<i32>
    %d = arith.cmpi sgt, %q, %c : i32 loc("t.cu":16:17)
    gpu.return
  }
}
