#include <torch/extension.h>

__constant__ float kBias[4];
__device__ int gCounter;

__device__ float twice(float v) { return 2.0f * v; }
__host__ __device__ inline float hd(float v) { return v + 1.0f; }

__global__ void relu(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = fmaxf(twice(x[i]), 0.0f);
}

template <typename T, int B> __global__ void scale(T *x, T a, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] *= a;
}

#define THREADS 256

torch::Tensor forward(torch::Tensor x, cudaStream_t s) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  TORCH_CHECK(x.device().is_cuda(), "x must be a CUDA tensor");
  bool onGpu = x.device().type() == torch::kCUDA;
  bool onGpu2 = x.device().type() == c10::DeviceType::CUDA;
  int n = x.numel();
  relu<<<(n + THREADS - 1) / THREADS, THREADS>>>(x.data_ptr<float>(), n);
  scale<float, 256><<<dim3(4), dim3(256), 0, s>>>(x.data_ptr<float>(), 2.0f, n);
  return x;
}
