func.func @stride(%lb: i32, %ub: i32, %st: i32, %init: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (i32) : i32 {
    %s = arith.addi %acc, %i : i32
    scf.yield %s : i32
  }
  return %r : i32
}
func.func @unit(%lb: i32, %ub: i32, %m: memref<?xi32>) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %j = arith.index_cast %i : i32 to index
    memref.store %i, %m[%j] : memref<?xi32>
  }
  return
}
func.func @fits(%lb: i32, %m: memref<?xi32>) {
  %ub = arith.constant 1000 : i32
  %c32 = arith.constant 32 : i32
  scf.for %i = %lb to %ub step %c32 : i32 {
    %j = arith.index_cast %i : i32 to index
    memref.store %i, %m[%j] : memref<?xi32>
  }
  return
}
func.func @near_max(%lb: i32, %m: memref<?xi32>) {
  %ub = arith.constant 2147483600 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %lb to %ub step %c64 : i32 {
    %j = arith.index_cast %i : i32 to index
    memref.store %i, %m[%j] : memref<?xi32>
  }
  return
}
func.func @unsigned_loop(%lb: i32, %ub: i32, %st: i32, %m: memref<?xi32>) {
  scf.for unsigned %i = %lb to %ub step %st : i32 {
    %j = arith.index_cast %i : i32 to index
    memref.store %i, %m[%j] : memref<?xi32>
  }
  return
}
