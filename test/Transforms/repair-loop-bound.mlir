// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-loop-bound | FileCheck %s --check-prefix=STRICT
// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-loop-bound='fix=dec' | FileCheck %s --check-prefix=DEC
// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-loop-bound='fix=inc loc=bound.cu:9' | FileCheck %s --check-prefix=INC

// __global__ void row_sum(const float *x, float *out, int cols) {
//   float s = 0.0f;
//   for (int j = 0; j <= cols; j++) s += x[j];       // line 3: <= is a while
//   for (int j = 0; j < cols + 1; j++) s += x[j];    // line 4: bound cols + 1
//   for (int j = 0; j < cols - 1; j++) s += x[j];    // line 9 (as located)
//   out[0] = s;
// }
gpu.module @kernels {
  // STRICT-LABEL: gpu.func @row_sum
  // DEC-LABEL: gpu.func @row_sum
  // INC-LABEL: gpu.func @row_sum
  gpu.func @row_sum(%x: memref<?xf32>, %out: memref<?xf32>, %cols: i32) kernel
      attributes {kfix.name = "row_sum", kfix.arg_names = ["x", "out", "cols"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %j = memref.alloca() {kfix.var = "j"} : memref<i32>
    memref.store %c0, %j[] : memref<i32>
    // STRICT: arith.cmpi slt, %{{.*}}, %arg2 {kfix.repaired = "kfix-repair-loop-bound"} : i32
    // DEC: arith.cmpi sle, %{{.*}}, %arg2 : i32
    scf.while : () -> () {
      %0 = memref.load %j[] : memref<i32>
      %1 = arith.cmpi sle, %0, %cols : i32 loc("bound.cu":3:21)
      scf.condition(%1)
    } do {
      %2 = memref.load %j[] : memref<i32>
      %3 = arith.addi %2, %c1 : i32
      memref.store %3, %j[] : memref<i32>
      scf.yield
    } loc("bound.cu":3:3)
    %ub = arith.addi %cols, %c1 : i32
    // STRICT: scf.for %{{.*}} = %{{.*}} to %[[UB:.*]] step
    // DEC: scf.for %{{.*}} = %{{.*}} to %arg2 step
    scf.for %jv = %c0 to %ub step %c1 : i32 {
      memref.store %jv, %j[] : memref<i32>
    } loc("bound.cu":4:3)
    %lb = arith.subi %cols, %c1 : i32
    // INC: scf.for %{{.*}} = %{{.*}} to %[[UB:.*]] step
    // INC: scf.for %{{.*}} = %{{.*}} to %arg2 step
    // DEC: scf.for %{{.*}} = %{{.*}} to %[[LB:.*]] step
    scf.for %jv = %c0 to %lb step %c1 : i32 {
      memref.store %jv, %j[] : memref<i32>
    } loc("bound.cu":9:3)
    gpu.return
  }
}

// -----

// A plain `<` while loop and an scf.for with a bound not written n +/- 1:
// neither is changed without a site.
gpu.module @kernels {
  // STRICT-LABEL: gpu.func @fine
  // STRICT-NOT: kfix.repaired
  // DEC-LABEL: gpu.func @fine
  // DEC-NOT: kfix.repaired
  gpu.func @fine(%n: i32) kernel
      attributes {kfix.name = "fine", kfix.arg_names = ["n"], kfix.arg_ctypes = ["int"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %j = memref.alloca() {kfix.var = "j"} : memref<i32>
    memref.store %c0, %j[] : memref<i32>
    scf.while : () -> () {
      %0 = memref.load %j[] : memref<i32>
      %1 = arith.cmpi slt, %0, %n : i32
      scf.condition(%1)
    } do {
      %2 = memref.load %j[] : memref<i32>
      %3 = arith.addi %2, %c1 : i32
      memref.store %3, %j[] : memref<i32>
      scf.yield
    }
    scf.for %jv = %c0 to %n step %c1 : i32 {
      memref.store %jv, %j[] : memref<i32>
    }
    gpu.return
  }
}
