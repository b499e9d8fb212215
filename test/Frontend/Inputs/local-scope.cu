// Merging (max, count) pairs of a block's lanes (a lift test of the
// scopes of locals: the kernel's block, a for loop's, an inlined helper's).
__device__ void merge_top(float &hi, int &cnt, float hi2, int cnt2) {
  if (hi2 > hi) {
    hi = hi2;
    cnt = cnt2;
  } else if (hi == hi) {
    cnt += cnt2;
  }
}

__global__ void row_top(const float *x, float *top, int *count, int n) {
  __shared__ float sh[32];
  __shared__ int sc[32];
  int row = blockIdx.x;
  float hi = -1e30f;
  int cnt = 0;
  for (int j = threadIdx.x; j < n; j += 32)
    merge_top(hi, cnt, x[row * n + j], 1);
  sh[threadIdx.x] = hi;
  sc[threadIdx.x] = cnt;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int t = 1; t < 32; ++t)
      merge_top(hi, cnt, sh[t], sc[t]);
    top[row] = hi;
    count[row] = cnt;
  }
}
