// axpy over 1M + 3 elements with the tail guard missing: the last block's
// threads past n read and write out of bounds (bench/gpu/perf.sh uses this
// task to time the repair -> PTX -> verdict turnaround on the GPU).
__global__ void axpy(const float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}
