#include <torch/extension.h>

template <typename scalar_t> __global__ void add_one(scalar_t *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] + (scalar_t)1;
}

template <typename scalar_t, int UNROLL> __global__ void mul(const scalar_t *__restrict__ x,
                                                             scalar_t *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * (scalar_t)UNROLL;
}

torch::Tensor forward(torch::Tensor x, torch::Tensor y) {
  int n = x.numel();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "add_one", [&] {
    add_one<<<(n + 255) / 256, 256>>>(x.data_ptr<scalar_t>(), n);
    mul<scalar_t, 4><<<(n + 255) / 256, 256>>>(x.data_ptr<scalar_t>(),
                                               y.data_ptr<scalar_t>(), n);
  });
  return x;
}
