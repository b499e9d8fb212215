__global__ void gemv_ref(const float* A, const float* v, float* y, int R, int n) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    float s = 0.0f;
    for (int j = 0; j < n; ++j) s += A[r * n + j] * v[j];
    y[r] = s;
}
