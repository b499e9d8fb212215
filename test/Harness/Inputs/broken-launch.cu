#include <torch/extension.h>
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
void run(torch::Tensor a) {
  k<<<1, 32>>>(a.data_ptr<float>());
  k<<<NOT_DEFINED, 32>>>(a.data_ptr<float>());
  // k<<<1, 1>>>(nullptr); in a comment: not a launch
}
void run2(float *p) {
  void *args[] = {&p};
  cudaLaunchKernel((const void *)&k, dim3(1), dim3(32), args, 0, nullptr);
}
