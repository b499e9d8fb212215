// 1-D average pooling over the last dim (nn.AvgPool1d, count_include_pad=True).
// The window's end is computed from the start after the start was clipped.
__global__ void avgpool1d(const float* __restrict__ x, float* __restrict__ y,
                          int rows, int L, int OL, int K, int S, int P) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * OL) return;
    int r = i / OL, o = i % OL;
    int lo = o * S - P;
    lo = max(lo, 0);
    int hi = lo + K;
    hi = min(hi, L);
    float s = 0.f;
    for (int j = lo; j < hi; ++j) s += x[r * L + j];
    y[i] = s / K;
}
