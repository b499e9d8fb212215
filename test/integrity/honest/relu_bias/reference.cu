__global__ void ref(const float* in, const float* bias, float* out, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    float v = in[i] + bias[i % cols];
    out[i] = fmaxf(v, 0.f);
}
