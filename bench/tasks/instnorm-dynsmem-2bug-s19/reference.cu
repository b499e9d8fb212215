#include <math.h>
// one single-thread block per plane, two-pass biased variance in double
__global__ void instnorm_ref(const float* x, float* y, int HW, float eps) {
    const float* xp = x + (long long)blockIdx.x * HW;
    float* yp = y + (long long)blockIdx.x * HW;
    double m = 0.0;
    for (int i = 0; i < HW; ++i) m += xp[i];
    m /= HW;
    double v = 0.0;
    for (int i = 0; i < HW; ++i) v += (xp[i] - m) * (xp[i] - m);
    v /= HW;
    double r = 1.0 / sqrt(v + (double)eps);
    for (int i = 0; i < HW; ++i) yp[i] = (float)((xp[i] - m) * r);
}
