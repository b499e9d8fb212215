__global__ void ref(float* out, const float* in, int rows, int cols) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= rows * cols) return;
    int r = t / cols, c = t % cols;
    out[c * rows + r] = in[t];
}
