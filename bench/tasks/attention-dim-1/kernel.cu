#include <cuda_runtime.h>
#include <math_constants.h>

// scores[bh, i, j] = scale * <Q[bh, i], K[bh, j]>, causal mask j > i -> -inf.
// block (32, 8): x walks keys j, y walks queries i; grid (ceil(S/32), ceil(S/8), BH)
__global__ void attention_scores_kernel(const float* Q, const float* K, float* scores,
                                        int S, int D, float scale, int causal) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.x + threadIdx.x;
    const int bh = blockIdx.z;
    if (i >= S || j >= S) return;
    float* out = scores + ((size_t)bh * S + i) * S + j;
    if (causal && j > i) { *out = -CUDART_INF_F; return; }
    const float* q = Q + ((size_t)bh * S + i) * D;
    const float* k = K + ((size_t)bh * S + j) * D;
    float dot = 0.f;
    for (int d = 0; d < D; ++d) dot += q[d] * k[d];
    *out = dot * scale;
}
