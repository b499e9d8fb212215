// scores[bh, i, j] = scale * dot(Q[bh, i, :], K[bh, j, :]), with j > i masked to -inf when causal.
// Q, K: BH x S x D. grid (ceil(S/16), ceil(S/16), BH), block (16, 16).
#include <cuda_runtime.h>
#include <math_constants.h>

__global__ void attention_scores(const float* Q, const float* K, float* scores,
                                 int S, int D, float scale, bool causal) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int bh = blockIdx.z;
    if (i >= S || j >= S) return;
    size_t base = (size_t)bh * S * D;
    float* out = scores + (size_t)bh * S * S;
    if (causal && j > i) {
        out[i * S + j] = -CUDART_INF_F;
        return;
    }
    float dot = 0.0f;
    for (int d = 0; d < D; ++d) dot += Q[base + i * D + d] * K[base + j * D + d];
    out[i * S + j] = dot * scale;
}
