// saxpy as the lifter would produce it (hand-written with a bug: a*x - y, docs/ir-conventions.md).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: i32) kernel
        attributes {kfix.name = "saxpy", kfix.arg_names = ["x", "y", "a", "n"],
                    kfix.arg_ctypes = ["const float *", "float *", "float", "int"]} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %b = arith.index_castui %bid : index to i32
      %d = arith.index_castui %bdim : index to i32
      %t = arith.index_castui %tid : index to i32
      %m = arith.muli %b, %d : i32
      %i = arith.addi %m, %t : i32
      %in = arith.cmpi slt, %i, %n : i32
      scf.if %in {
        %ii = arith.index_cast %i : i32 to index
        %xv = memref.load %x[%ii] : memref<?xf32>
        %yv = memref.load %y[%ii] : memref<?xf32>
        %p = arith.mulf %a, %xv : f32
        %s = arith.subf %p, %yv : f32
        memref.store %s, %y[%ii] : memref<?xf32>
      }
      gpu.return
    }
  }
}
