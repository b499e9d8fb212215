__global__ void scatter_cols_ref(const float* src, const int* idx, float* out, int n, int cols) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * cols) return;
    atomicAdd(&out[idx[t % n] * cols + t / n], src[t]);
}
