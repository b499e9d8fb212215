// RUN: kfix-translate --export-cuda %s | FileCheck %s
// Elementwise kernel with a tail guard: the lifter's locals and index casts read back as the source.
// CHECK-LABEL: __global__ void vec_add(const float *__restrict__ a, const float *__restrict__ b, float *c, int n) {
// CHECK-NEXT:   int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT:   if (i < n) {
// CHECK-NEXT:     c[i] = a[i] + b[i];
// CHECK-NEXT:   }
// CHECK-NEXT: }

module attributes {gpu.container_module, kfix.source = "/abs/vec_add.cu"} {
  gpu.module @kernels {
    gpu.func @vec_add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: i32)
        kernel attributes {kfix.name = "vec_add",
                           kfix.arg_names = ["a", "b", "c", "n"],
                           kfix.arg_ctypes = ["const float *__restrict__", "const float *__restrict__", "float *", "int"]} {
      %i = memref.alloca() {kfix.var = "i"} : memref<i32>
      %bid = gpu.block_id x
      %bid32 = arith.index_castui %bid : index to i32
      %bdim = gpu.block_dim x
      %bdim32 = arith.index_castui %bdim : index to i32
      %m = arith.muli %bid32, %bdim32 : i32
      %tid = gpu.thread_id x
      %tid32 = arith.index_castui %tid : index to i32
      %g = arith.addi %m, %tid32 : i32
      memref.store %g, %i[] : memref<i32>
      %iv = memref.load %i[] : memref<i32>
      %cond = arith.cmpi slt, %iv, %n : i32
      scf.if %cond {
        %i1 = memref.load %i[] : memref<i32>
        %x1 = arith.index_cast %i1 : i32 to index
        %va = memref.load %a[%x1] : memref<?xf32>
        %i2 = memref.load %i[] : memref<i32>
        %x2 = arith.index_cast %i2 : i32 to index
        %vb = memref.load %b[%x2] : memref<?xf32>
        %s = arith.addf %va, %vb : f32
        %i3 = memref.load %i[] : memref<i32>
        %x3 = arith.index_cast %i3 : i32 to index
        memref.store %s, %c[%x3] : memref<?xf32>
      }
      gpu.return
    }
  }
}
