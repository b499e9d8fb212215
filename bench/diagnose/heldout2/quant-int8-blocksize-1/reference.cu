#include <cstdint>
__global__ void quant_ref(const float* x, int8_t* q, float* scale, int cols) {
    int r = blockIdx.x;
    const float* xr = x + (long long)r * cols;
    float m = 0.0f;
    for (int c = 0; c < cols; ++c) m = fmaxf(m, fabsf(xr[c]));
    float s = m / 127.0f;
    if (threadIdx.x == 0) scale[r] = s;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        double v = s > 0.0f ? rint((double)xr[c] / s) : 0.0;
        if (v > 127.0) v = 127.0;
        if (v < -127.0) v = -127.0;
        q[(long long)r * cols + c] = (int8_t)v;
    }
}
