#include <cuda_runtime.h>
template <typename T, int VEC>
__global__ void scale_vec(T* data, T f, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * VEC;
  for (int k = 0; k < VEC; ++k)
    if (i + k < n) data[i + k] *= f;
}
void launch(float* d, int n) {
  scale_vec<float, 2><<<(n + 511) / 512, 256>>>(d, 2.0f, n);
}
