#include <cmath>
// Reference: one thread per row, sequential minimum.
__global__ void amin_rows_ref(const float* x, float* out, int R, int C) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    const float* xr = x + (long long)r * C;
    float m = xr[0];
    for (int j = 1; j < C; ++j)
        if (xr[j] < m) m = xr[j];
    out[r] = m;
}
