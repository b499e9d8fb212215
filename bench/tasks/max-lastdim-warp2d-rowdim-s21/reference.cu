#include <stdint.h>
// one thread per row, serial scan, first maximum wins
__global__ void max_ref(const float* x, float* vals, int64_t* idx, int R, int C) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    const float* xr = x + (long long)r * C;
    int bi = 0;
    float bv = xr[0];
    for (int j = 1; j < C; ++j) if (xr[j] > bv) { bv = xr[j]; bi = j; }
    vals[r] = bv;
    idx[r] = bi;
}
