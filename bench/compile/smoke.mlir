// Kernels for `kfix exec-smoke` (lifted-IR form, docs/ir-conventions.md):
// each is run on the GPU and checked against a CPU computation.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: i32) kernel
        attributes {kfix.name = "saxpy", kfix.arg_names = ["x", "y", "a", "n"],
                    kfix.arg_ctypes = ["const float *", "float *", "float", "int"]} {
      %tx = gpu.thread_id x
      %t = arith.index_castui %tx : index to i32
      %bx = gpu.block_id x
      %b = arith.index_castui %bx : index to i32
      %dx = gpu.block_dim x
      %d = arith.index_castui %dx : index to i32
      %bd = arith.muli %b, %d : i32
      %i = arith.addi %bd, %t : i32
      %c = arith.cmpi slt, %i, %n : i32
      scf.if %c {
        %ii = arith.index_cast %i : i32 to index
        %xv = memref.load %x[%ii] : memref<?xf32>
        %yv = memref.load %y[%ii] : memref<?xf32>
        %m = arith.mulf %a, %xv : f32
        %s = arith.addf %m, %yv : f32
        memref.store %s, %y[%ii] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @block_sum(%x: memref<?xf32>, %out: memref<?xf32>, %n: i32)
        workgroup(%sh: memref<256xf32, #gpu.address_space<workgroup>>) kernel
        attributes {kfix.name = "block_sum", kfix.arg_names = ["x", "out", "n"],
                    kfix.arg_ctypes = ["const float *", "float *", "int"],
                    kfix.shared_names = ["sh"]} {
      %tx = gpu.thread_id x
      %t = arith.index_castui %tx : index to i32
      %bx = gpu.block_id x
      %b = arith.index_castui %bx : index to i32
      %dx = gpu.block_dim x
      %d = arith.index_castui %dx : index to i32
      %bd = arith.muli %b, %d : i32
      %i = arith.addi %bd, %t : i32
      %zero = arith.constant 0.0 : f32
      %c = arith.cmpi slt, %i, %n : i32
      %v = scf.if %c -> (f32) {
        %ii = arith.index_cast %i : i32 to index
        %xv = memref.load %x[%ii] : memref<?xf32>
        scf.yield %xv : f32
      } else {
        scf.yield %zero : f32
      }
      %ti = arith.index_cast %t : i32 to index
      memref.store %v, %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s128 = arith.constant 128 : i32
      %p128 = arith.cmpi slt, %t, %s128 : i32
      scf.if %p128 {
        %o128 = arith.addi %t, %s128 : i32
        %oi128 = arith.index_cast %o128 : i32 to index
        %a128 = memref.load %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
        %b128 = memref.load %sh[%oi128] : memref<256xf32, #gpu.address_space<workgroup>>
        %r128 = arith.addf %a128, %b128 : f32
        memref.store %r128, %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %s64 = arith.constant 64 : i32
      %p64 = arith.cmpi slt, %t, %s64 : i32
      scf.if %p64 {
        %o64 = arith.addi %t, %s64 : i32
        %oi64 = arith.index_cast %o64 : i32 to index
        %a64 = memref.load %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
        %b64 = memref.load %sh[%oi64] : memref<256xf32, #gpu.address_space<workgroup>>
        %r64 = arith.addf %a64, %b64 : f32
        memref.store %r64, %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %s32 = arith.constant 32 : i32
      %p32 = arith.cmpi slt, %t, %s32 : i32
      scf.if %p32 {
        %o32 = arith.addi %t, %s32 : i32
        %oi32 = arith.index_cast %o32 : i32 to index
        %a32 = memref.load %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
        %b32 = memref.load %sh[%oi32] : memref<256xf32, #gpu.address_space<workgroup>>
        %r32 = arith.addf %a32, %b32 : f32
        memref.store %r32, %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %w32 = arith.constant 32 : i32
      %inwarp = arith.cmpi slt, %t, %w32 : i32
      scf.if %inwarp {
        %w0 = memref.load %sh[%ti] : memref<256xf32, #gpu.address_space<workgroup>>
        %off16 = arith.constant 16 : i32
        %sv16, %ok16 = gpu.shuffle xor %w0, %off16, %w32 : f32
        %w16 = arith.addf %w0, %sv16 : f32
        %off8 = arith.constant 8 : i32
        %sv8, %ok8 = gpu.shuffle xor %w16, %off8, %w32 : f32
        %w8 = arith.addf %w16, %sv8 : f32
        %off4 = arith.constant 4 : i32
        %sv4, %ok4 = gpu.shuffle xor %w8, %off4, %w32 : f32
        %w4 = arith.addf %w8, %sv4 : f32
        %off2 = arith.constant 2 : i32
        %sv2, %ok2 = gpu.shuffle xor %w4, %off2, %w32 : f32
        %w2 = arith.addf %w4, %sv2 : f32
        %off1 = arith.constant 1 : i32
        %sv1, %ok1 = gpu.shuffle xor %w2, %off1, %w32 : f32
        %w1 = arith.addf %w2, %sv1 : f32
        %c0i = arith.constant 0 : i32
        %first = arith.cmpi eq, %t, %c0i : i32
        scf.if %first {
          %bi = arith.index_cast %b : i32 to index
          memref.store %w1, %out[%bi] : memref<?xf32>
        }
      }
      gpu.return
    }

    gpu.func @reverse_blocks(%x: memref<?xf32>, %y: memref<?xf32>) kernel
        attributes {kfix.name = "reverse_blocks", kfix.arg_names = ["x", "y"],
                    kfix.arg_ctypes = ["const float *", "float *"]} {
      %tx = gpu.thread_id x
      %t = arith.index_castui %tx : index to i32
      %bx = gpu.block_id x
      %b = arith.index_castui %bx : index to i32
      %dx = gpu.block_dim x
      %d = arith.index_castui %dx : index to i32
      %bd = arith.muli %b, %d : i32
      %i = arith.addi %bd, %t : i32
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %sz = arith.index_cast %d : i32 to index
      %buf = memref.view %dyn[%c0][%sz] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
      %ii = arith.index_cast %i : i32 to index
      %ti = arith.index_cast %t : i32 to index
      %xv = memref.load %x[%ii] : memref<?xf32>
      memref.store %xv, %buf[%ti] : memref<?xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %one = arith.constant 1 : i32
      %dm1 = arith.subi %d, %one : i32
      %rt = arith.subi %dm1, %t : i32
      %rti = arith.index_cast %rt : i32 to index
      %rv = memref.load %buf[%rti] : memref<?xf32, #gpu.address_space<workgroup>>
      memref.store %rv, %y[%ii] : memref<?xf32>
      gpu.return
    }

    gpu.func @traced(%x: memref<?xf32>, %n: i32) kernel
        attributes {kfix.name = "traced", kfix.arg_names = ["x", "n"],
                    kfix.arg_ctypes = ["float *", "int"]} {
      %tx = gpu.thread_id x
      %t = arith.index_castui %tx : index to i32
      %bx = gpu.block_id x
      %b = arith.index_castui %bx : index to i32
      %dx = gpu.block_dim x
      %d = arith.index_castui %dx : index to i32
      %bd = arith.muli %b, %d : i32
      %i = arith.addi %bd, %t : i32
      kfix.count site 0 counter 0
      %c = arith.cmpi slt, %i, %n : i32
      scf.if %c {
        kfix.count site 0 counter 1
      }
      %ii = arith.index_cast %i : i32 to index
      %ni = arith.index_cast %n : i32 to index
      kfix.check bounds %c site 1 details(%ii, %ni : index, index)
      %c0i = arith.constant 0 : i32
      %z = arith.cmpi eq, %i, %c0i : i32
      scf.if %z {
        %c0 = arith.constant 0 : index
        %v = memref.load %x[%c0] : memref<?xf32>
        kfix.probe "x0" %v site 2 : f32
        kfix.probe "n" %n site 3 : i32
      }
      gpu.return
    }

    gpu.func @fault(%x: memref<?xf32>) kernel attributes {kfix.name = "fault"} {
      %far = arith.constant 1099511627776 : index
      %v = arith.constant 1.0 : f32
      memref.store %v, %x[%far] : memref<?xf32>
      gpu.return
    }

    gpu.func @hang(%x: memref<?xf32>) kernel attributes {kfix.name = "hang"} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      scf.while : () -> () {
        %v = memref.load %x[%c0] : memref<?xf32>
        %go = arith.cmpf oge, %v, %zero : f32
        scf.condition(%go)
      } do {
        // An atomic in the body: a loop without side effects may be deleted.
        %c1 = arith.constant 1 : index
        %one = arith.constant 1.0 : f32
        %old = memref.atomic_rmw addf %one, %x[%c1] : (f32, memref<?xf32>) -> f32
        scf.yield
      }
      gpu.return
    }

    gpu.func @math(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) kernel
        attributes {kfix.name = "math"} {
      %tx = gpu.thread_id x
      %t = arith.index_castui %tx : index to i32
      %bx = gpu.block_id x
      %b = arith.index_castui %bx : index to i32
      %dx = gpu.block_dim x
      %d = arith.index_castui %dx : index to i32
      %bd = arith.muli %b, %d : i32
      %i = arith.addi %bd, %t : i32
      %c = arith.cmpi slt, %i, %n : i32
      scf.if %c {
        %ii = arith.index_cast %i : i32 to index
        %v = memref.load %x[%ii] : memref<?xf32>
        %p = arith.constant 1.7 : f32
        %f0 = math.exp %v : f32
        %f1 = math.log %v : f32
        %f2 = math.tanh %v : f32
        %f3 = math.erf %v : f32
        %f4 = math.powf %v, %p : f32
        %f5 = math.rsqrt %v : f32
        %k0 = arith.constant 0 : i32
        %kn0 = arith.muli %k0, %n : i32
        %o0 = arith.addi %kn0, %i : i32
        %oi0 = arith.index_cast %o0 : i32 to index
        memref.store %f0, %y[%oi0] : memref<?xf32>
        %k1 = arith.constant 1 : i32
        %kn1 = arith.muli %k1, %n : i32
        %o1 = arith.addi %kn1, %i : i32
        %oi1 = arith.index_cast %o1 : i32 to index
        memref.store %f1, %y[%oi1] : memref<?xf32>
        %k2 = arith.constant 2 : i32
        %kn2 = arith.muli %k2, %n : i32
        %o2 = arith.addi %kn2, %i : i32
        %oi2 = arith.index_cast %o2 : i32 to index
        memref.store %f2, %y[%oi2] : memref<?xf32>
        %k3 = arith.constant 3 : i32
        %kn3 = arith.muli %k3, %n : i32
        %o3 = arith.addi %kn3, %i : i32
        %oi3 = arith.index_cast %o3 : i32 to index
        memref.store %f3, %y[%oi3] : memref<?xf32>
        %k4 = arith.constant 4 : i32
        %kn4 = arith.muli %k4, %n : i32
        %o4 = arith.addi %kn4, %i : i32
        %oi4 = arith.index_cast %o4 : i32 to index
        memref.store %f4, %y[%oi4] : memref<?xf32>
        %k5 = arith.constant 5 : i32
        %kn5 = arith.muli %k5, %n : i32
        %o5 = arith.addi %kn5, %i : i32
        %oi5 = arith.index_cast %o5 : i32 to index
        memref.store %f5, %y[%oi5] : memref<?xf32>
      }
      gpu.return
    }
  }
}
