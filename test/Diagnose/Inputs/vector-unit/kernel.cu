// Each row scaled by its own factor, four floats at a time (cols % 4 == 0).
__global__ void rowscale4(const float* x, const float* s, float* y, int rows, int cols) {
    const int n4 = rows * cols / 4;
    const float4* x4 = reinterpret_cast<const float4*>(x);
    float4* y4 = reinterpret_cast<float4*>(y);
    for (int q = blockIdx.x * blockDim.x + threadIdx.x; q < n4; q += blockDim.x * gridDim.x) {
        int r = q / cols;
        float k = s[r];
        float4 v = x4[q];
        v.x *= k; v.y *= k; v.z *= k; v.w *= k;
        y4[q] = v;
    }
}
