// RUN: kfix-opt %s --split-input-file --verify-each --pass-pipeline='builtin.module(gpu.module(kfix-repair-access-guard{shape=C[M][N];x[n];y[n];in[rows][W-S+1];m[rows][cols]}))' | FileCheck %s

// A 2-D store `C[r * N + c]`: column checked against N, row against M; the
// store is skipped outside.
// CHECK-LABEL: gpu.func @store2d
// CHECK-DAG: %[[N:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK-DAG: %[[M:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK: arith.cmpi slt, %{{.*}}, %[[N]] : i64
// CHECK: arith.cmpi slt, %{{.*}}, %[[M]] : i64
// CHECK: scf.if
// CHECK-NEXT: memref.store {{.*}} {kfix.repaired = "kfix-repair-access-guard"}
// CHECK: } {kfix.repaired = "kfix-repair-access-guard"}
gpu.module @kernels {
  gpu.func @store2d(%C: memref<?xf32>, %M: i32, %N: i32) kernel
      attributes {kfix.name = "store2d", kfix.arg_names = ["C", "M", "N"], kfix.arg_ctypes = ["float *", "int", "int"]} {
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %r = arith.index_castui %bx : index to i32
    %c = arith.index_castui %tx : index to i32
    %rn = arith.muli %r, %N : i32
    %i = arith.addi %rn, %c : i32
    %ix = arith.index_cast %i : i32 to index
    %v = arith.constant 1.0 : f32
    memref.store %v, %C[%ix] : memref<?xf32>
    gpu.return
  }
}

// -----

// A load feeding a max reads -inf outside; one feeding a sum reads 0. The
// barrier between them stays outside every guard.
// CHECK-LABEL: gpu.func @fills
// CHECK: scf.if
// CHECK: memref.load %arg0
// CHECK: } else {
// CHECK-NEXT: arith.constant 0xFF800000 : f32
// CHECK: arith.maxnumf
// CHECK-NOT: scf.if
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.load %arg0
// CHECK: } else {
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK: arith.addf
gpu.module @kernels {
  gpu.func @fills(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "fills", kfix.arg_names = ["x", "y", "n"], kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %tx = gpu.thread_id x
    %t = arith.index_castui %tx : index to i32
    %ix = arith.index_cast %t : i32 to index
    %a = memref.load %x[%ix] : memref<?xf32>
    %m0 = arith.constant -1.0 : f32
    %m = arith.maxnumf %a, %m0 : f32
    gpu.barrier
    %b = memref.load %x[%ix] : memref<?xf32>
    %s = arith.addf %b, %m : f32
    memref.store %s, %y[%ix] : memref<?xf32>
    gpu.return
  }
}

// -----

// A float4 access at 4*i: the whole vector when its last lane is inside, else
// lane by lane.
// CHECK-LABEL: gpu.func @vec4
// CHECK: arith.constant 3 : i64
// CHECK: scf.if %{{.*}} -> (vector<4xf32>)
// CHECK-NEXT: vector.load
// CHECK: } else {
// CHECK: memref.load %arg0
// CHECK: vector.insert
// CHECK: scf.if %{{[0-9]+}} {
// CHECK-NEXT: vector.store
// CHECK: } else {
// CHECK: vector.extract
// CHECK-NEXT: memref.store
gpu.module @kernels {
  gpu.func @vec4(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "vec4", kfix.arg_names = ["x", "y", "n"], kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %tx = gpu.thread_id x
    %t = arith.index_castui %tx : index to i32
    %c4 = arith.constant 4 : i32
    %i = arith.muli %t, %c4 : i32
    %ix = arith.index_cast %i : i32 to index
    %v = vector.load %x[%ix] : memref<?xf32>, vector<4xf32>
    vector.store %v, %y[%ix] : memref<?xf32>, vector<4xf32>
    gpu.return
  }
}

// -----

// A compound dimension: the kernel's `Q = W - S + 1` (through a local) is the
// declared row length, so `p * Q + q` checks q < W - S + 1 and p < rows.
// CHECK-LABEL: gpu.func @compound
// CHECK: %[[Q:.*]] = memref.load %{{.*}}[] : memref<i32>
// CHECK: %[[QQ:.*]] = arith.extsi %[[Q]] : i32 to i64
// CHECK: arith.cmpi slt, %{{.*}}, %[[QQ]] : i64
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK: scf.if
gpu.module @kernels {
  gpu.func @compound(%in: memref<?xf32>, %out: memref<?xf32>, %rows: i32, %W: i32, %S: i32) kernel
      attributes {kfix.name = "compound", kfix.arg_names = ["in", "out", "rows", "W", "S"], kfix.arg_ctypes = ["const float *", "float *", "int", "int", "int"]} {
    %qv = memref.alloca() {kfix.var = "Q"} : memref<i32>
    %one = arith.constant 1 : i32
    %ws = arith.subi %W, %S : i32
    %q1 = arith.addi %ws, %one : i32
    memref.store %q1, %qv[] : memref<i32>
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %p = arith.index_castui %bx : index to i32
    %q = arith.index_castui %tx : index to i32
    %Q = memref.load %qv[] : memref<i32>
    %pq = arith.muli %p, %Q : i32
    %i = arith.addi %pq, %q : i32
    %ix = arith.index_cast %i : i32 to index
    %v = memref.load %in[%ix] : memref<?xf32>
    memref.store %v, %out[%ix] : memref<?xf32>
    gpu.return
  }
}

// -----

// A flat index `idx` over a 2-D buffer (no multiple of cols in it): checked
// against rows * cols. Accesses already guarded by the pass are left alone.
// CHECK-LABEL: gpu.func @flat
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK-NEXT: memref.store
// CHECK-NOT: scf.if
// CHECK: memref.store {{.*}} {kfix.repaired = "kfix-repair-access-guard"}
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @flat(%m: memref<?xf32>, %rows: i32, %cols: i32) kernel
      attributes {kfix.name = "flat", kfix.arg_names = ["m", "rows", "cols"], kfix.arg_ctypes = ["float *", "int", "int"]} {
    %tx = gpu.thread_id x
    %t = arith.index_castui %tx : index to i32
    %ix = arith.index_cast %t : i32 to index
    %v = arith.constant 1.0 : f32
    memref.store %v, %m[%ix] : memref<?xf32>
    memref.store %v, %m[%ix] {kfix.repaired = "kfix-repair-access-guard"} : memref<?xf32>
    gpu.return
  }
}
