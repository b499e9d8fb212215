__global__ void row_max_ref(const float* x, float* vals, long long* idx, int R, int C) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    float b = x[r * C];
    int a = 0;
    for (int c = 1; c < C; ++c)
        if (x[r * C + c] > b) { b = x[r * C + c]; a = c; }
    vals[r] = b;
    idx[r] = a;
}
