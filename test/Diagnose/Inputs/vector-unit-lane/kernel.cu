// Each row scaled by its own factor, two floats at a time (rows * cols even; a
// pair may straddle two rows, so each lane finds its own row).
__global__ void rowscale2(const float* x, const float* s, float* y, int rows, int cols) {
    const int n2 = rows * cols / 2;
    const float2* x2 = reinterpret_cast<const float2*>(x);
    float2* y2 = reinterpret_cast<float2*>(y);
    for (int q = blockIdx.x * blockDim.x + threadIdx.x; q < n2; q += blockDim.x * gridDim.x) {
        int r0 = 2 * q / cols;
        int r1 = (q + 1) / cols;
        float2 v = x2[q];
        v.x *= s[r0];
        v.y *= s[r1];
        y2[q] = v;
    }
}
