__global__ void hinge_ref(const float* score, const float* label, float* out, int npairs) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 2 * npairs) return;
    out[i] = fmaxf(0.0f, 1.0f - label[i] * score[i] * score[i]);
}
