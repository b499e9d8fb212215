// Box filter along the last axis with torch's 'same' padding for an even
// window: (K - 1) / 2 taps in front, K / 2 behind, zeros outside the row.
__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void box_same(const float* __restrict__ x, float* __restrict__ y, int rows, int L, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (i >= L || r >= rows) return;
    const int left = K / 2;
    const int right = (K - 1) / 2;
    const float* row = x + (size_t)r * L;
    float acc = 0.f;
    for (int t = clampi(i - left, 0, L - 1); t <= min(i + right, L - 1); t++)
        acc += row[t];
    y[(size_t)r * L + i] = acc / K;
}
