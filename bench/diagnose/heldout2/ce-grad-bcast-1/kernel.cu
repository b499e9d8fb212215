// Fused softmax cross-entropy forward + backward, mean reduction over the batch.
//   loss[n]      = logsumexp(z[n, :]) - z[n, label[n]]
//   dlogits[n,c] = (softmax(z[n, :])[c] - (c == label[n])) / N
// One warp per sample, two warps per 64-thread block.
__device__ __forceinline__ float warp_max_all(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}

__global__ void xent_fwd_bwd(const float* __restrict__ logits, const int* __restrict__ labels,
                             float* __restrict__ loss, float* __restrict__ dlogits,
                             int N, int C) {
    const int lane = threadIdx.x & 31;
    const int n = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (n >= N) return;
    const float* z = logits + (size_t)n * C;
    float* dz = dlogits + (size_t)n * C;
    const int y = labels[n];

    float m = -INFINITY;
    for (int c = lane; c < C; c += 32) m = fmaxf(m, z[c]);
    m = warp_max_all(m);

    float sum = 0.f;
    for (int c = lane; c < C; c += 32) sum += expf(z[c] - m);
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffff, sum, o);

    const float inv_sum = 1.0f / sum;
    const float inv_n = 1.0f / (float)N;
    for (int c = lane; c < C; c += 32) {
        float p = expf(z[c] - m) * inv_sum;
        dz[c] = (p - (c == y ? 1.0f : 0.0f)) * inv_n;
    }
    if (lane == 0) loss[n] = logf(sum) + m - z[y];
}
