#include <torch/extension.h>

__global__ void byref(float &x) { x = 1.0f; }

void run(torch::Tensor a) {
  float *p = a.data_ptr<float>();
  byref<<<1, 1>>>(*p);
}
