__global__ void rms_scale_ref(const float* in, float* out, int dim) {
    int r = blockIdx.x;
    if (threadIdx.x != 0) return;
    float s = 0.f;
    for (int j = 0; j < dim; ++j) s += in[r * dim + j] * in[r * dim + j];
    float d = sqrtf(s / dim + 1e-6f);
    for (int j = 0; j < dim; ++j) out[r * dim + j] = in[r * dim + j] / d;
}
