// one thread per channel, sequential scan
__global__ void minmax_ref(const float* a, float* mn, float* mx, int N, int C, int HW) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    float lo = a[(long long)c * HW], hi = lo;
    for (int n = 0; n < N; ++n)
        for (int i = 0; i < HW; ++i) {
            float v = a[((long long)n * C + c) * HW + i];
            if (v < lo) lo = v;
            if (v > hi) hi = v;
        }
    mn[c] = lo;
    mx[c] = hi;
}
