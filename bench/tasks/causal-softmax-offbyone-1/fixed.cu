#include <cuda_runtime.h>

// Causal softmax over the rows of per-head S x S attention scores: query q sees keys k <= q.
// One thread per (query, head); masked keys get probability 0.
__global__ void causal_softmax_rows(const float* scores, float* probs, int S) {
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    const int h = blockIdx.y;
    if (q >= S) return;
    const float* row = scores + ((size_t)h * S + q) * S;
    float* out = probs + ((size_t)h * S + q) * S;

    float m = -1e30f;
    for (int k = 0; k < S; ++k) {
        bool visible = q >= k;
        if (visible) m = fmaxf(m, row[k]);
    }
    float den = 0.0f;
    for (int k = 0; k < S; ++k) {
        bool visible = q >= k;
        if (visible) den += expf(row[k] - m);
    }
    for (int k = 0; k < S; ++k) {
        bool visible = q >= k;
        out[k] = visible ? expf(row[k] - m) / den : 0.0f;
    }
}
