__global__ void smooth_l1_ref(const float *a, const float *b, float *out, float beta, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double d = (double)a[i] - (double)b[i];
  double m = d < 0 ? -d : d;
  out[i] = (float)(m < beta ? 0.5 * d * d / beta : m - 0.5 * beta);
}
