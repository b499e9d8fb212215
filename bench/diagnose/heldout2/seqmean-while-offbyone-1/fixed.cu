// Length-masked mean over the time axis: x is [B, T, D], len[b] valid steps (1 <= len <= T).
// out[b, d] = mean_{t < len[b]} x[b, t, d].  One thread per (d, b), unsigned indexing.
__global__ void masked_time_mean(const float* __restrict__ x, const int* __restrict__ len,
                                 float* __restrict__ out, unsigned T, unsigned D) {
    const unsigned d = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned b = blockIdx.y;
    if (d >= D) return;

    const unsigned n = static_cast<unsigned>(len[b]);
    const float* p = x + static_cast<size_t>(b) * T * D + d;
    float acc = 0.0f;
    unsigned t = 0;
    while (t < n) {
        acc += p[static_cast<size_t>(t) * D];
        ++t;
    }
    out[static_cast<size_t>(b) * D + d] = acc / static_cast<float>(n);
}
