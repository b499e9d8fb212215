// Per-row (per-output-channel) symmetric int8 weight dequantization: w[m, k] = q[m, k] * scale[m].
// The flattened tensor is processed 4 elements at a time (char4 in, float4 out), grid-stride.
#include <cuda_runtime.h>
#include <cstdint>

namespace {

template <typename scalar_t>
__device__ __forceinline__ scalar_t dequant_one(int8_t v, const float* __restrict__ scale, int64_t row) {
  return static_cast<scalar_t>(static_cast<float>(v) * scale[row]);
}

}  // namespace

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK) dequantize_int8_rowwise_kernel(
    const int8_t* __restrict__ qweight, const float* __restrict__ scale, scalar_t* __restrict__ out,
    int rows, int cols) {
  constexpr int VEC = 4;
  const int64_t n = static_cast<int64_t>(rows) * cols;
  const int64_t n_vec = n / VEC;
  const int64_t tid = static_cast<int64_t>(blockIdx.x) * BLOCK + threadIdx.x;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * BLOCK;

  const char4* q4 = reinterpret_cast<const char4*>(qweight);
  float4* out4 = reinterpret_cast<float4*>(out);
  for (int64_t v = tid; v < n_vec; v += stride) {
    const char4 q = q4[v];
    const int64_t i = v * VEC;
    float4 r;
    r.x = dequant_one<scalar_t>(q.x, scale, (i + 0) / cols);
    r.y = dequant_one<scalar_t>(q.y, scale, (i + 1) / cols);
    r.z = dequant_one<scalar_t>(q.z, scale, (i + 2) / cols);
    r.w = dequant_one<scalar_t>(q.w, scale, (i + 3) / cols);
    out4[v] = r;
  }
}

template __global__ void dequantize_int8_rowwise_kernel<float, 256>(const int8_t*, const float*, float*, int, int);
