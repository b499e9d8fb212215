__global__ void scale4(const float* __restrict__ in, float* __restrict__ out, float s, int n) {
  int i4 = blockIdx.x * blockDim.x + threadIdx.x;
  int n4 = n / 4;
  if (i4 < n4) {
    float4 v = reinterpret_cast<const float4*>(in)[i4];
    v.x *= s; v.y *= s; v.z *= s; v.w *= s;
    reinterpret_cast<float4*>(out)[i4] = v;
  }
  if (i4 == 0) for (int k = n4 * 4; k < n; ++k) out[k] = in[k] * s;
}
