__global__ void lower_tri_ref(const float* a, const float* b, float* c, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= n || col >= n)
    return;
  float s = 0.0f;
  for (int k = 0; k < n; ++k) {
    float av = k <= row ? a[row * n + k] : 0.0f;
    float bv = col <= k ? b[k * n + col] : 0.0f;
    s += av * bv;
  }
  c[row * n + col] = s;
}
