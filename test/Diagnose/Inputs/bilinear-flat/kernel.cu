// Batched bilinear form out[b] = u_b^T A v_b with A an m x n matrix stored
// row-major. One thread per batch entry. The row of A is stepped by its
// number of rows.
__global__ void bilinear(const float* u, const float* A, const float* v, float* out,
                         int batch, int m, int n) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float acc = 0.0f;
    for (int i = 0; i < m; i++) {
        float ui = u[b * m + i];
        for (int j = 0; j < n; j++)
            acc += ui * A[i * m + j] * v[b * n + j];
    }
    out[b] = acc;
}
