// Row sums with 128-thread blocks: the block-stride loop steps by a warp's
// width, so each element is counted by four threads.
#define THREADS 128
__global__ void row_sum(const float *x, float *out, int n) {
  int row = blockIdx.x;
  float acc = 0.0f;
  for (int i = threadIdx.x; i < n; i += 32)
    acc += x[row * n + i];
  atomicAdd(&out[row], acc);
}
