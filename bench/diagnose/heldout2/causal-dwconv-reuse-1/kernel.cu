// Depthwise causal conv1d (Mamba-style short conv): y[c, t] = bias[c] + sum_k w[c, k] * x[c, t - (KW-1) + k],
// with x[c, <0] = 0.  One block per channel walks the sequence in CHUNK-sized pieces staged in shared memory;
// the first KW-1 slots hold the left halo of the current chunk.
constexpr int KW = 4;
constexpr int CHUNK = 128;

__global__ void causal_dwconv1d(const float* __restrict__ x, const float* __restrict__ w,
                                const float* __restrict__ bias, float* __restrict__ y, int L) {
    __shared__ float buf[CHUNK + KW - 1];
    const int c = blockIdx.x;
    const int tid = threadIdx.x;
    const float* xc = x + (size_t)c * L;
    float* yc = y + (size_t)c * L;

    float wk[KW];
#pragma unroll
    for (int k = 0; k < KW; ++k) wk[k] = w[c * KW + k];
    const float b = bias[c];

    for (int base = 0; base < L; base += CHUNK) {
        const int t = base + tid;
        buf[KW - 1 + tid] = (t < L) ? xc[t] : 0.0f;
        if (tid < KW - 1) {
            const int h = base - (KW - 1) + tid;
            buf[tid] = (h >= 0) ? xc[h] : 0.0f;
        }
        __syncthreads();

        if (t < L) {
            float acc = b;
#pragma unroll
            for (int k = 0; k < KW; ++k) acc += wk[k] * buf[tid + k];
            yc[t] = acc;
        }
    }
}
