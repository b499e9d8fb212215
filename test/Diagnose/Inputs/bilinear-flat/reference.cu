__global__ void bilinear_ref(const float* u, const float* A, const float* v, float* out,
                             int batch, int m, int n) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float acc = 0.0f;
    for (int j = 0; j < n; j++) {
        float col = 0.0f;
        for (int i = 0; i < m; i++) col += u[b * m + i] * A[i * n + j];
        acc += col * v[b * n + j];
    }
    out[b] = acc;
}
