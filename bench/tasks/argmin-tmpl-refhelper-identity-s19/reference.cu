#include <stdint.h>
// one thread per row, first index of the minimum
__global__ void argmin_ref(const float* x, int64_t* out, int64_t cols) {
    long long r = blockIdx.x;
    const float* xr = x + r * cols;
    float best = xr[0];
    long long arg = 0;
    for (long long j = 1; j < cols; ++j) {
        if (xr[j] < best) { best = xr[j]; arg = j; }
    }
    out[r] = arg;
}
