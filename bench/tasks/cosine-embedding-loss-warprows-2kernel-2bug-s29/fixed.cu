#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.CosineEmbeddingLoss(margin=MARGIN, reduction="mean")(x1, x2, y), x1/x2: [B, D], y: [B] (+1/-1)
//   cos_b  = <x1_b, x2_b> / sqrt((|x1_b|^2 + 1e-12) * (|x2_b|^2 + 1e-12))
//   loss_b = 1 - cos_b            if y_b == 1
//          = max(0, cos_b - margin) if y_b == -1
//   loss   = mean_b loss_b
// Kernel 1: one warp per row (BLOCK/32 rows per block), three running sums per lane,
//           butterfly-reduced; lane 0 stores loss_b in a [B] workspace.
// Kernel 2: a single block sums the workspace (warp shuffles, then one value per warp in
//           shared memory) and divides by B.

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        v += __shfl_xor_sync(FULL_MASK, v, offset);
    }
    return v;
}

template <int BLOCK>
__global__ void cosine_embedding_rows_kernel(const float* __restrict__ x1,
                                             const float* __restrict__ x2,
                                             const int64_t* __restrict__ y,
                                             float* __restrict__ row_loss,
                                             int B, int D, float margin) {
    constexpr int WARPS = BLOCK / 32;
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * WARPS + (threadIdx.x >> 5);
    if (row >= B) return;  // whole warp leaves together

    const float* __restrict__ a = x1 + (size_t)row * D;
    const float* __restrict__ b = x2 + (size_t)row * D;
    float dot = 0.0f, na = 0.0f, nb = 0.0f;
    for (int k = lane; k < D; k += 32) {
        const float u = a[k], v = b[k];
        dot = fmaf(u, v, dot);
        na = fmaf(u, u, na);
        nb = fmaf(v, v, nb);
    }
    dot = warp_allreduce_sum(dot);
    na = warp_allreduce_sum(na);
    nb = warp_allreduce_sum(nb);

    if (lane == 0) {
        const float cosv = dot / sqrtf((na + 1e-12f) * (nb + 1e-12f));
        const float l = (y[row] == 1) ? 1.0f - cosv : fmaxf(cosv - margin, 0.0f);
        row_loss[row] = l;
    }
}

template <int BLOCK>
__global__ void mean_finalize_kernel(const float* __restrict__ row_loss, float* __restrict__ out, int B) {
    __shared__ float warp_part[BLOCK / 32];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;

    float s = 0.0f;
    for (int i = threadIdx.x; i < B; i += BLOCK) s += row_loss[i];
    s = warp_allreduce_sum(s);
    if (lane == 0) warp_part[warp] = s;
    __syncthreads();

    if (warp == 0) {
        s = (lane < BLOCK / 32) ? warp_part[lane] : 0.0f;
        s = warp_allreduce_sum(s);
        if (lane == 0) out[0] = s / (float)B;
    }
}

torch::Tensor cosine_embedding_loss(torch::Tensor x1, torch::Tensor x2, torch::Tensor y, double margin) {
    const int B = x1.size(0), D = x1.size(1);
    auto row_loss = torch::empty({B}, x1.options());
    auto out = torch::empty({}, x1.options());
    constexpr int kRowsBlock = 128;
    constexpr int kRowsPerBlock = kRowsBlock / 32;
    cosine_embedding_rows_kernel<kRowsBlock><<<(B + kRowsPerBlock - 1) / kRowsPerBlock, kRowsBlock>>>(
        x1.data_ptr<float>(), x2.data_ptr<float>(), y.data_ptr<int64_t>(), row_loss.data_ptr<float>(),
        B, D, (float)margin);
    mean_finalize_kernel<256><<<1, 256>>>(row_loss.data_ptr<float>(), out.data_ptr<float>(), B);
    return out;
}
