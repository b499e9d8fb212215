// Smooth-L1 terms, one per element: the branch tests the signed difference
// where its magnitude (kept in `m`) was meant.
__device__ float smooth_l1(float r, float beta) {
  float m = fabsf(r);
  return r < beta ? 0.5f * r * r / beta : m - 0.5f * beta;
}

__global__ void smooth_l1_terms(const float *a, const float *b, float *out, float beta, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = smooth_l1(a[i] - b[i], beta);
}
