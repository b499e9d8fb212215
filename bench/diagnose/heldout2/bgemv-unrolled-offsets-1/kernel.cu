// Batched GEMV: y[b, m] = sum_k A[b, m, k] * x[b, k].
// grid = (ceil(M / 4), B), 128 threads = 4 warps, one warp per output row, hand-unrolled warp sum.
#define FULL_MASK 0xffffffffu
#define ROWS_PER_BLOCK 4

__global__ void batched_gemv(const float* __restrict__ A, const float* __restrict__ x,
                             float* __restrict__ y, int M, int K) {
    const int b = blockIdx.y;
    const int m = blockIdx.x * ROWS_PER_BLOCK + (threadIdx.x >> 5);
    const int lane = threadIdx.x & 31;
    if (m >= M) return;

    const float* a = A + ((size_t)b * M + m) * K;
    const float* xb = x + (size_t)b * K;
    float v = 0.0f;
    for (int k = lane; k < K; k += 32) v += __ldg(a + k) * __ldg(xb + k);

    v += __shfl_down_sync(FULL_MASK, v, 16);
    v += __shfl_down_sync(FULL_MASK, v, 8);
    v += __shfl_down_sync(FULL_MASK, v, 2);
    v += __shfl_down_sync(FULL_MASK, v, 1);
    if (lane == 0) y[(size_t)b * M + m] = v;
}
