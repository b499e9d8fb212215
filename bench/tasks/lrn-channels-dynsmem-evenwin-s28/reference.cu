#include <math.h>
// Reference: one thread per output element (blockIdx.y = n), window sum in double.
__global__ void lrn_ref(const float* x, float* y, int C, int HW, int size,
                        float alpha, float beta, float k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= C * HW) return;
    int n = blockIdx.y;
    int c = i / HW, p = i % HW;
    const float* xn = x + (long long)n * C * HW;
    double s = 0.0;
    for (int j = c - size / 2; j <= c + (size - 1) / 2; ++j) {
        if (j < 0 || j >= C) continue;
        double v = (double)xn[(long long)j * HW + p];
        s += v * v;
    }
    double den = pow((double)k + (double)alpha * s / (double)size, (double)beta);
    y[(long long)n * C * HW + i] = (float)((double)xn[(long long)c * HW + p] / den);
}
