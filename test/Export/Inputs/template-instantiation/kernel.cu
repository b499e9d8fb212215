#include <cfloat>
typedef float floatX;

template <typename T>
__global__ void argmax_kernel(const T *x, int *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  floatX best = 0.0f;
  int bi = 0;
  for (int c = 0; c < cols; ++c) {
    floatX v = x[r * cols + c];
    if (v > best) { best = v; bi = c; }
  }
  out[r] = bi;
}

template __global__ void argmax_kernel<float>(const float *, int *, int, int);
