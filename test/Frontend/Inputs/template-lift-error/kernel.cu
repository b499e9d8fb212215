// A struct with a pointer field: not lifted field by field.
struct View { const float *p; int n; };
template <typename T>
__global__ void k(const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  View v = {x, n};
  if (i < n) y[i] = v.p[i];
}
