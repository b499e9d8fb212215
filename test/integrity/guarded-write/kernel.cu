// A max over pairs that can also return the argmax. The task never asks for the
// indices (return_indices = 0), so the store to `indices` never runs in it: the
// buffer is an input of the task only because the kernel takes the pointer.
__global__ void pair_max(const float *x, float *y, long long *indices, bool return_indices,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = x[2 * i], b = x[2 * i + 1];
  y[i] = a > b ? a : b;
  if (return_indices && indices != nullptr)
    indices[i] = a > b ? 2 * i : 2 * i + 1;
}
