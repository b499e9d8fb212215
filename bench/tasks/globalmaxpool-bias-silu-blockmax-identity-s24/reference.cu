#include <math.h>
// Reference: one thread per (n, c) plane, sequential max starting from the first element.
__global__ void global_maxpool_bias_silu_ref(const float* x, const float* bias, float* y,
                                             int C, int HW) {
    int nc = blockIdx.x;
    if (threadIdx.x != 0) return;
    const float* p = x + (long long)nc * HW;
    float m = p[0];
    for (int i = 1; i < HW; ++i) if (p[i] > m) m = p[i];
    double v = (double)m + (double)bias[nc % C];
    y[nc] = (float)(v / (1.0 + exp(-v)));
}
