__global__ void row_max_ref(const float *x, float *y, int R, int C) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    float m = x[(long long)r * C];
    for (int c = 1; c < C; ++c) m = fmaxf(m, x[(long long)r * C + c]);
    y[r] = m;
}
