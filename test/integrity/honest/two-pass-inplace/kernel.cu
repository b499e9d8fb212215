// Row-normalized squares in two launches: the first writes y = x * x, the
// second divides each row of y in place by the row's sum (it reads y first,
// which the first launch wrote).
__global__ void square(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * x[i];
}

__global__ void normalize_rows(float* y, int C) {
    int r = blockIdx.x;
    float s = 0.0f;
    for (int c = 0; c < C; ++c)
        s += y[r * C + c];
    __syncthreads();
    for (int c = threadIdx.x; c < C; c += blockDim.x)
        y[r * C + c] = y[r * C + c] / (s + 1e-6f);
}
