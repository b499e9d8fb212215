__global__ void ref(const float* x, const float* w, float* y, int rows, int dim, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float ss = 0.f;
    for (int c = 0; c < dim; ++c) ss += x[r * dim + c] * x[r * dim + c];
    float sc = 1.0f / sqrtf(ss / dim + eps);
    for (int c = 0; c < dim; ++c) y[r * dim + c] = x[r * dim + c] * sc * w[c];
}
