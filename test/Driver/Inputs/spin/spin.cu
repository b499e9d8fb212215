__global__ void spin(float *out, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0.0f;
  for (int k = 0; k < iters; ++k)
    a = a * 0.999f + 1.0f;
  if (i < n)
    out[i] = a + 1.0f;
}
