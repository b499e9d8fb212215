// Lifted form of softmax.cu (docs/ir-conventions.md): locals are allocas,
// `for (j = t; j < cols; j += blockDim.x)` is an scf.for over i32, the
// `s >>= 1` loops are scf.while.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @softmax_rows(%x: memref<?xf32>, %y: memref<?xf32>, %rows: i32, %cols: i32)
        workgroup(%red: memref<256xf32, #gpu.address_space<workgroup>>) kernel
        attributes {kfix.name = "softmax_rows", kfix.arg_names = ["x", "y", "rows", "cols"],
                    kfix.arg_ctypes = ["const float *__restrict__", "float *", "int", "int"],
                    kfix.shared_names = ["red"]} {
      %m = memref.alloca() {kfix.var = "m"} : memref<f32>
      %sum = memref.alloca() {kfix.var = "sum"} : memref<f32>
      %j = memref.alloca() {kfix.var = "j"} : memref<i32>
      %s = memref.alloca() {kfix.var = "s"} : memref<i32>
      %bx = gpu.block_id x
      %row = arith.index_castui %bx : index to i32
      %tx = gpu.thread_id x
      %t = arith.index_castui %tx : index to i32
      %dx = gpu.block_dim x
      %d = arith.index_castui %dx : index to i32
      %ti = arith.index_cast %t : i32 to index
      %c0 = arith.constant 0 : index
      %ninf = arith.constant 0xFF800000 : f32
      memref.store %ninf, %m[] : memref<f32>
      scf.for %l1 = %t to %cols step %d : i32 {
        memref.store %l1, %j[] : memref<i32>
        %l1_ld = memref.load %j[] : memref<i32>
        %l1_rc = arith.muli %row, %cols : i32
        %l1_off = arith.addi %l1_rc, %l1_ld : i32
        %l1_oi = arith.index_cast %l1_off : i32 to index
        %l1_xv = memref.load %x[%l1_oi] : memref<?xf32>
        %l1_m = memref.load %m[] : memref<f32>
        %l1_mx = arith.maxnumf %l1_m, %l1_xv : f32
        memref.store %l1_mx, %m[] : memref<f32>
      }
      %m1 = memref.load %m[] : memref<f32>
      memref.store %m1, %red[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t1_two = arith.constant 2 : i32
      %t1_s0 = arith.divui %d, %t1_two : i32
      memref.store %t1_s0, %s[] : memref<i32>
      scf.while : () -> () {
        %t1_sv = memref.load %s[] : memref<i32>
        %t1_z = arith.constant 0 : i32
        %t1_go = arith.cmpi sgt, %t1_sv, %t1_z : i32
        scf.condition(%t1_go)
      } do {
        %t1_sv2 = memref.load %s[] : memref<i32>
        %t1_in = arith.cmpi slt, %t, %t1_sv2 : i32
        scf.if %t1_in {
          %t1_ti = arith.index_cast %t : i32 to index
          %t1_o = arith.addi %t, %t1_sv2 : i32
          %t1_oi = arith.index_cast %t1_o : i32 to index
          %t1_a = memref.load %red[%t1_ti] : memref<256xf32, #gpu.address_space<workgroup>>
          %t1_b = memref.load %red[%t1_oi] : memref<256xf32, #gpu.address_space<workgroup>>
          %t1_r = arith.maxnumf %t1_a, %t1_b : f32
          memref.store %t1_r, %red[%t1_ti] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %t1_one = arith.constant 1 : i32
        %t1_sh = arith.shrsi %t1_sv2, %t1_one : i32
        memref.store %t1_sh, %s[] : memref<i32>
        scf.yield
      }
      %m2 = memref.load %red[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %m2, %m[] : memref<f32>
      gpu.barrier
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %sum[] : memref<f32>
      scf.for %l2 = %t to %cols step %d : i32 {
        memref.store %l2, %j[] : memref<i32>
        %l2_ld = memref.load %j[] : memref<i32>
        %l2_rc = arith.muli %row, %cols : i32
        %l2_off = arith.addi %l2_rc, %l2_ld : i32
        %l2_oi = arith.index_cast %l2_off : i32 to index
        %l2_xv = memref.load %x[%l2_oi] : memref<?xf32>
        %l2_m = memref.load %m[] : memref<f32>
        %l2_dd = arith.subf %l2_xv, %l2_m : f32
        %l2_e = math.exp %l2_dd : f32
        %l2_s = memref.load %sum[] : memref<f32>
        %l2_ns = arith.addf %l2_s, %l2_e : f32
        memref.store %l2_ns, %sum[] : memref<f32>
      }
      %s1 = memref.load %sum[] : memref<f32>
      memref.store %s1, %red[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t2_two = arith.constant 2 : i32
      %t2_s0 = arith.divui %d, %t2_two : i32
      memref.store %t2_s0, %s[] : memref<i32>
      scf.while : () -> () {
        %t2_sv = memref.load %s[] : memref<i32>
        %t2_z = arith.constant 0 : i32
        %t2_go = arith.cmpi sgt, %t2_sv, %t2_z : i32
        scf.condition(%t2_go)
      } do {
        %t2_sv2 = memref.load %s[] : memref<i32>
        %t2_in = arith.cmpi slt, %t, %t2_sv2 : i32
        scf.if %t2_in {
          %t2_ti = arith.index_cast %t : i32 to index
          %t2_o = arith.addi %t, %t2_sv2 : i32
          %t2_oi = arith.index_cast %t2_o : i32 to index
          %t2_a = memref.load %red[%t2_ti] : memref<256xf32, #gpu.address_space<workgroup>>
          %t2_b = memref.load %red[%t2_oi] : memref<256xf32, #gpu.address_space<workgroup>>
          %t2_r = arith.addf %t2_a, %t2_b : f32
          memref.store %t2_r, %red[%t2_ti] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %t2_one = arith.constant 1 : i32
        %t2_sh = arith.shrsi %t2_sv2, %t2_one : i32
        memref.store %t2_sh, %s[] : memref<i32>
        scf.yield
      }
      %s2 = memref.load %red[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %s2, %sum[] : memref<f32>
      scf.for %l3 = %t to %cols step %d : i32 {
        memref.store %l3, %j[] : memref<i32>
        %l3_ld = memref.load %j[] : memref<i32>
        %l3_rc = arith.muli %row, %cols : i32
        %l3_off = arith.addi %l3_rc, %l3_ld : i32
        %l3_oi = arith.index_cast %l3_off : i32 to index
        %l3_xv = memref.load %x[%l3_oi] : memref<?xf32>
        %l3_m = memref.load %m[] : memref<f32>
        %l3_dd = arith.subf %l3_xv, %l3_m : f32
        %l3_e = math.exp %l3_dd : f32
        %l3_s = memref.load %sum[] : memref<f32>
        %l3_q = arith.divf %l3_e, %l3_s : f32
        memref.store %l3_q, %y[%l3_oi] : memref<?xf32>
      }
      gpu.return
    }
  }
}
