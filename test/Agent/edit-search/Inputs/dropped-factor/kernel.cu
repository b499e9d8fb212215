// Tanh-approximated GELU of a biased input, x * Phi(x); the candidate returns
// Phi(x) alone (the factor x dropped when the expression was split up).
#define SQRT_2_OVER_PI 0.7978845608f

__global__ void bias_gelu(const float *in, const float *bias, float *out, int rows, int cols) {
  int row = blockIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows && col < cols) {
    float x = in[row * cols + col] + bias[col];
    float inner = SQRT_2_OVER_PI * (x + 0.044715f * x * x * x);
    out[row * cols + col] = 0.5f * (1.0f + tanhf(inner));
  }
}
