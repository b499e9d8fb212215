#include <torch/extension.h>
#define DEFINE_FILL(NAME, V) \
  __global__ void NAME(float *x) { x[threadIdx.x] = V; }
DEFINE_FILL(fill_one, 1.0f)
void run(torch::Tensor a) {
  if (a.type().is_cuda())
    fill_one<<<1, 32>>>(a.data_ptr<float>());
}
