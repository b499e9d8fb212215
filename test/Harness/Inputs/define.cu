#include <torch/extension.h>

template <typename T> __global__ void fill(T *x, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = v;
}

__global__ void plain(float *x) { x[threadIdx.x] = 0.0f; }

#define LAUNCH_FILL(T, ptr, val, count)                                        \
  fill<T><<<((count) + 255) / 256, 256>>>(ptr, val, count)

#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")
#define LAUNCH_PLAIN plain<<<1, 32>>>(nullptr)

void run(torch::Tensor a, torch::Tensor b) {
  CHECK_CUDA(a);
  CHECK_CUDA(b);
  LAUNCH_FILL(float, a.data_ptr<float>(), 1.0f, (int)a.numel());
  LAUNCH_FILL(double, b.data_ptr<double>(), 2.0, (int)b.numel());
  LAUNCH_PLAIN;
}
