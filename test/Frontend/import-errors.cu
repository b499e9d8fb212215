// Unsupported constructs and errors in device code: FILE:LINE:COL: error, exit 1, no output.
// RUN: not kfix-translate --import-cuda %s -DCASE_SWITCH 2>&1 | FileCheck %s --check-prefix=SWITCH
// RUN: not kfix-translate --import-cuda %s -DCASE_ASM 2>&1 | FileCheck %s --check-prefix=ASM
// RUN: not kfix-translate --import-cuda %s -DCASE_GOTO 2>&1 | FileCheck %s --check-prefix=GOTO
// RUN: not kfix-translate --import-cuda %s -DCASE_PUN 2>&1 | FileCheck %s --check-prefix=PUN
// RUN: not kfix-translate --import-cuda %s -DCASE_CONST 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not kfix-translate --import-cuda %s -DCASE_SYNTAX 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not kfix-translate --import-cuda %s -DCASE_SYNTAX -o %t.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not test -e %t.mlir
// RUN: not kfix-translate --import-cuda %s --kernel nope 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// RUN: env KFIX_NO_CUDA_TOOLKIT=1 not kfix-translate --import-cuda %s -DCASE_SWITCH 2>&1 | FileCheck %s --check-prefix=SWITCH

__global__ void ok(float *x) { x[threadIdx.x] = 0.0f; }

#ifdef CASE_SWITCH
// SWITCH: import-errors.cu:[[@LINE+3]]:3: error: kfix cannot lift a switch statement
// SWITCH-NOT: gpu.func
__global__ void k(int *x, int n) {
  switch (n) {
  case 0: x[0] = 1; break;
  default: x[0] = 2;
  }
}
#endif

#ifdef CASE_ASM
// ASM: import-errors.cu:[[@LINE+3]]:3: error: kfix cannot lift inline assembly
__global__ void k(unsigned *x) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  x[0] = lane;
}
#endif

#ifdef CASE_GOTO
// GOTO: import-errors.cu:[[@LINE+2]]:3: error: kfix cannot lift goto and labels
__global__ void k(int *x) {
  goto done;
done:
  x[0] = 1;
}
#endif

#ifdef CASE_PUN
// PUN: import-errors.cu:[[@LINE+2]]:12: error: kfix cannot lift a pointer cast to 'int *' over memory of another element type
__global__ void k(float *x) {
  int *p = (int *)x;
  p[0] = 1;
}
#endif

#ifdef CASE_CONST
// __constant__ memory is lifted (constant-memory.test); __device__ globals are not.
// CONST: import-errors.cu:[[@LINE+3]]:21: error: kfix cannot lift a reference to the global variable 'table'
__device__ float table[16];
__global__ void k(float *x) {
  x[threadIdx.x] *= table[threadIdx.x];
}
#endif

#ifdef CASE_SYNTAX
// SYNTAX: import-errors.cu:[[@LINE+2]]:20: error: use of undeclared identifier 'undefined_thing'
__global__ void k(float *x) {
  x[threadIdx.x] = undefined_thing;
}
#endif

// NOKERNEL: error: no __global__ function named 'nope'
