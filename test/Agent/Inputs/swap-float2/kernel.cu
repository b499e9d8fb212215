// Hinge terms on float2 pairs: h = max(0, 1 - t * s) with s the score and t
// the +-1 label; the helper takes (score, label) but is called (label, score).
__device__ __forceinline__ float2 hinge2(float2 s, float2 t, float margin) {
    return make_float2(fmaxf(0.0f, margin - t.x * s.x * s.x), fmaxf(0.0f, margin - t.y * s.y * s.y));
}

__global__ void hinge_pairs(const float* score, const float* label, float* out, int npairs) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npairs) return;
    const float2 sv = reinterpret_cast<const float2*>(score)[p];
    const float2 lv = reinterpret_cast<const float2*>(label)[p];
    reinterpret_cast<float2*>(out)[p] = hinge2(lv, sv, 1.0f);
}
