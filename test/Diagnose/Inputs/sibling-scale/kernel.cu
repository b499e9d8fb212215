// Merging per-split partial softmax results (flash-decoding's combine): each
// split j has a max m[j], a sum l[j] and two weighted values. Every term is
// rescaled by exp(m[j] - mx); the denominator's is not.
__global__ void combine(const float* m, const float* l, const float* a, const float* b,
                        float* out, int rows, int splits) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float mx = -INFINITY;
    for (int j = 0; j < splits; ++j) mx = fmaxf(mx, m[r * splits + j]);
    float den = 0.0f, o0 = 0.0f, o1 = 0.0f;
    for (int j = 0; j < splits; ++j) {
        const float f = expf(m[r * splits + j] - mx);
        o0 += a[r * splits + j] * f;
        o1 = fmaf(b[r * splits + j], f, o1);
        den += l[r * splits + j];
    }
    out[2 * r] = o0 / den;
    out[2 * r + 1] = o1 / den;
}
