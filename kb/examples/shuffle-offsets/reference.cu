#include <math.h>
__global__ void row_l2norm_ref(const float* x, float* norm, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) s += x[row * cols + c] * x[row * cols + c];
    norm[row] = sqrtf(s);
}
