// y = a * x + b over float2 pairs with a fixed grid of blocks; the pair loop
// steps by the grid's threads times the pair width although `p` counts pairs.
__global__ void affine_pairs(const float *x, float *y, float a, float b, int n) {
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  const float2 *x2 = reinterpret_cast<const float2 *>(x);
  float2 *y2 = reinterpret_cast<float2 *>(y);
  for (int p = gtid; p < n / 2; p += 2 * stride) {
    float2 v = x2[p];
    y2[p] = make_float2(a * v.x + b, a * v.y + b);
  }
  if (gtid == 0 && (n & 1))
    y[n - 1] = a * x[n - 1] + b;
}
