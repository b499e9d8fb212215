__global__ void shift_cols_ref(const float* x, float* out, int R, int W, int dx) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= R * W) return;
    int r = i / W, c = i % W;
    long long s = (long long)c - dx;
    s = ((s % W) + W) % W;
    out[i] = x[r * W + s];
}
