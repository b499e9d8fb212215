template <int BLOCK>
__global__ void block_sum(const float* in, float* out, int n) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int o = BLOCK / 2; o > 0; o >>= 1) {
    if (t < o) s[t] += s[t + o];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
template __global__ void block_sum<128>(const float*, float*, int);
