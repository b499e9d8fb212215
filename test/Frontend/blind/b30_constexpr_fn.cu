constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }
constexpr float kScale = 0.125f;
__global__ void __launch_bounds__(128, 4) attn_scale(float* s, int rows, int cols) {
  int r = blockIdx.y;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    int chunks = ceil_div(cols, 32);
    s[r * cols + c] *= kScale * (chunks > 0 ? 1.0f : 0.0f);
  }
}
