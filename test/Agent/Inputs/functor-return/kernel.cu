// Smoothed total variation along rows: y[r][c] = sqrt(g^2 + eps^2) for the
// forward difference g = x[r][c + 1] - x[r][c], through a functor. The
// functor adds eps outside the root.
struct SmoothAbs {
  float eps;
  __device__ float operator()(float g) const { return sqrtf(g * g) + eps; }
};

template <typename F>
__global__ void row_tv(const float *x, float *y, int rows, int cols, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = cols - 1;
  if (i >= rows * w)
    return;
  int r = i / w, c = i % w;
  y[i] = f(x[r * cols + c + 1] - x[r * cols + c]);
}

__global__ void row_tv_f32(const float *x, float *y, int rows, int cols, float eps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = cols - 1;
  if (i >= rows * w)
    return;
  SmoothAbs f{eps};
  int r = i / w, c = i % w;
  y[i] = f(x[r * cols + c + 1] - x[r * cols + c]);
}
