// Sum of squares: float4 loads over n / 4 vectors, then a scalar tail that
// starts at the vector count (`nv + t`) where its elements start at `nv * 4`:
// the elements from nv on are counted again.
__global__ void sumsq(const float *x, float *out, int n) {
  __shared__ float part[64];
  int t = threadIdx.x;
  int nv = n / 4;
  const float4 *x4 = reinterpret_cast<const float4 *>(x);
  float acc = 0.0f;
  for (int q = t; q < nv; q += 64) {
    float4 v = x4[q];
    acc += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
  }
  for (int i = nv + t; i < n; i += 64)
    acc += x[i] * x[i];
  part[t] = acc;
  __syncthreads();
  if (t == 0) {
    float s = 0.0f;
    for (int k = 0; k < 64; ++k)
      s += part[k];
    out[0] = s;
  }
}
