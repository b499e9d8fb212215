// Attention score rows: scores[h, s] = (q[h, :] . k[s, :]) / sqrt(D), bf16 inputs, f32 output.
// 16x16 thread tiles: x walks keys, y walks queries.
#include <cuda_bf16.h>

__global__ void attn_scores_bf16(const __nv_bfloat16* __restrict__ q, const __nv_bfloat16* __restrict__ k,
                                 float* __restrict__ scores, int H, int S, int D) {
    const int s = blockIdx.x * blockDim.x + threadIdx.x;
    const int h = blockIdx.y * blockDim.y + threadIdx.y;
    if (h >= H || s >= S) return;

    const __nv_bfloat16* qr = q + (size_t)h * D;
    const __nv_bfloat16* kr = k + (size_t)s * D;
    float acc = 0.0f;
    for (int d = 0; d < D; ++d)
        acc = fmaf(__bfloat162float(qr[d]), __bfloat162float(kr[d]), acc);

    scores[(size_t)h * S + s] = acc * rsqrtf((float)D);
}
