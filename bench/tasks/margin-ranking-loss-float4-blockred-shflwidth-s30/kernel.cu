#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.MarginRankingLoss(margin=m, reduction="mean")(x1, x2, y), all 1-D of length n, y in {+1, -1}:
//   loss = mean(max(0, -y * (x1 - x2) + margin))
// float4 grid-stride main loop (n / 4 quads) + scalar tail for the last n % 4 elements,
// per-warp shuffle reduction, per-warp partials in shared memory, second-stage reduction
// over the partials by warp 0, then one atomicAdd per block into the zero-initialised output.

#define BLOCK_THREADS 256
#define NUM_WARPS (BLOCK_THREADS / 32)
#define FULL_MASK 0xffffffffu

// Sum over the first `width` lanes of each width-sized segment (width a power of two <= 32).
__device__ __forceinline__ float segment_reduce_sum(float v, int width) {
    for (int offset = 16; offset > 0; offset >>= 1) {
        v += __shfl_down_sync(FULL_MASK, v, offset, width);
    }
    return v;
}

__device__ __forceinline__ float ranking_term(float a, float b, float t, float margin) {
    return fmaxf(0.0f, fmaf(-t, a - b, margin));
}

__global__ void margin_ranking_loss_kernel(const float* __restrict__ x1,
                                           const float* __restrict__ x2,
                                           const float* __restrict__ y,
                                           float* __restrict__ out,
                                           int n, float margin, float inv_n) {
    __shared__ float warp_sums[NUM_WARPS];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int gtid = blockIdx.x * BLOCK_THREADS + tid;
    const int gstride = gridDim.x * BLOCK_THREADS;

    const int nquads = n >> 2;
    const float4* a4 = reinterpret_cast<const float4*>(x1);
    const float4* b4 = reinterpret_cast<const float4*>(x2);
    const float4* t4 = reinterpret_cast<const float4*>(y);

    float acc = 0.0f;
    for (int q = gtid; q < nquads; q += gstride) {
        const float4 a = a4[q], b = b4[q], t = t4[q];
        acc += ranking_term(a.x, b.x, t.x, margin);
        acc += ranking_term(a.y, b.y, t.y, margin);
        acc += ranking_term(a.z, b.z, t.z, margin);
        acc += ranking_term(a.w, b.w, t.w, margin);
    }
    // scalar tail (n % 4 elements), handled by the first threads of block 0
    if (blockIdx.x == 0) {
        const int i = (nquads << 2) + tid;
        if (i < n) acc += ranking_term(x1[i], x2[i], y[i], margin);
    }

    acc = segment_reduce_sum(acc, 32);
    if (lane == 0) warp_sums[warp] = acc;
    __syncthreads();

    if (warp == 0) {
        float v = (lane < NUM_WARPS) ? warp_sums[lane] : 0.0f;
        v = segment_reduce_sum(v, NUM_WARPS);
        if (lane == 0) atomicAdd(out, v * inv_n);
    }
}

torch::Tensor margin_ranking_loss(torch::Tensor x1, torch::Tensor x2, torch::Tensor y, double margin) {
    const int n = (int)x1.numel();
    auto out = torch::zeros({}, x1.options());
    int blocks = ((n >> 2) + BLOCK_THREADS - 1) / BLOCK_THREADS;
    if (blocks > 64) blocks = 64;
    if (blocks < 1) blocks = 1;
    margin_ranking_loss_kernel<<<blocks, BLOCK_THREADS>>>(x1.data_ptr<float>(), x2.data_ptr<float>(),
                                                          y.data_ptr<float>(), out.data_ptr<float>(),
                                                          n, (float)margin, 1.0f / (float)n);
    return out;
}
