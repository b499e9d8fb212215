#include <cuda_runtime.h>
#include <cstdio>
#define CUDA_CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s\n", cudaGetErrorString(e)); } } while (0)
#define IDX2(r, c, ld) ((r) * (ld) + (c))
__global__ void add_matrix(const float* A, const float* B, float* C, int rows, int cols) {
  int c = threadIdx.x + blockIdx.x * blockDim.x;
  int r = threadIdx.y + blockIdx.y * blockDim.y;
  if (r < rows && c < cols) C[IDX2(r, c, cols)] = A[IDX2(r, c, cols)] + B[IDX2(r, c, cols)];
}
int main() {
  float *a, *b, *c;
  CUDA_CHECK(cudaMalloc(&a, 1024 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b, 1024 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&c, 1024 * sizeof(float)));
  add_matrix<<<dim3(2, 2), dim3(16, 16)>>>(a, b, c, 32, 32);
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(a); cudaFree(b); cudaFree(c);
  return 0;
}
