#include <math.h>
__global__ void softmax_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmax(m, (double)x[r * cols + c]);
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += exp((double)x[r * cols + c] - m);
    for (int c = 0; c < cols; ++c) y[r * cols + c] = (float)(exp((double)x[r * cols + c] - m) / s);
}
