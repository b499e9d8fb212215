__global__ void diag_scale_ref(const float* d, const float* b, float* out, int n, int m) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (c < m && r < n)
    out[r * m + c] = b[r * m + c] * d[r];
}
