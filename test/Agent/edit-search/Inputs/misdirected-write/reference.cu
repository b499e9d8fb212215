__global__ void scale_rows_ref(const float* x, const float* s, float* y, int R, int C) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < R * C) y[i] = x[i] * s[i / C];
}
