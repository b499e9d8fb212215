__global__ void rowdot_ref(const float* A, const float* v, float* y, int R, int K) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < R) {
        float s = 0.f;
        for (int k = 0; k < K; ++k) s += A[r * K + k] * v[k];
        y[r] = s;
    }
}
