__global__ void transpose_ref(float* out, const float* in, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    int r = i / cols, c = i % cols;
    out[c * rows + r] = in[i];
}
