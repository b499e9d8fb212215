#include <math.h>
__global__ void attn_scores_ref(const float* Q, const float* K, float* scores, int S, int D, float scale, int causal) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    int bh = blockIdx.y;
    if (t >= (long long)S * S) return;
    int i = (int)(t / S), j = (int)(t % S);
    float* out = scores + (long long)bh * S * S;
    if (causal && j > i) { out[t] = -INFINITY; return; }
    float s = 0.f;
    for (int d = 0; d < D; ++d) s += Q[((long long)bh * S + i) * D + d] * K[((long long)bh * S + j) * D + d];
    out[t] = s * scale;
}
