// Adaptive average pooling of rows of length n into m bins (torch's windows:
// [floor(o*n/m), ceil((o+1)*n/m))). The window's end is rounded down.
__global__ void adaptive_avg(const float* x, float* y, int rows, int n, int m) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (o >= m) return;
    int lo = (o * n) / m;
    int hi = ((o + 1) * n) / m;
    float s = 0.0f;
    for (int i = lo; i < hi; ++i) s += x[r * n + i];
    y[r * m + o] = s / (float)(hi - lo);
}
