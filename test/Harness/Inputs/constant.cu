#include <torch/extension.h>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) return; } while (0)

__constant__ float c_w[8];
namespace ops {
__constant__ int c_n;
}
__device__ float g_dev[2];

__device__ float tap(int i) { return c_w[i % 8]; }

__global__ void weighted(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && i < ops::c_n) y[i] = x[i] * tap(i);
}

__global__ void plain(float *y, int n) {
  int i = threadIdx.x;
  if (i < n) y[i] = 0.0f;
}

void run(torch::Tensor x, torch::Tensor y, torch::Tensor w) {
  int n = x.numel();
  CHECK(cudaMemcpyToSymbol(c_w, w.data_ptr<float>(), 8 * sizeof(float)));
  cudaMemcpyToSymbolAsync(ops::c_n, &n, sizeof(int), 0, cudaMemcpyHostToDevice, 0);
  float back[8];
  cudaMemcpyFromSymbol(back, c_w, sizeof(back));
  cudaMemcpyToSymbol(g_dev, back, sizeof(float));
  weighted<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
  plain<<<1, 32>>>(y.data_ptr<float>(), n);
}
