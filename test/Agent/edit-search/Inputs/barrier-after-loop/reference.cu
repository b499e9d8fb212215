__global__ void matvec_ref(const float* A, const float* x, float* y, int R, int N) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= R) return;
    double acc = 0.0;
    for (int k = 0; k < N; ++k) acc += (double)A[row * N + k] * x[k];
    y[row] = (float)acc;
}
