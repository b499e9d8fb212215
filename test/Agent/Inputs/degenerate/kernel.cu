// The row minus its own mean, computed wrongly: each thread subtracts its
// right neighbour instead of itself. The correct result is all zeros, which is
// also what the output buffer holds before the launch.
__global__ void center_kernel(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) {
    out[i] = x[i] - x[i + 1];
  }
}
