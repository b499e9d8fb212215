__global__ void transpose_ref(const float* x, float* out, int R, int C) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < R * C) {
        int c = i / R, r = i % R;
        out[i] = x[r * C + c];
    }
}
