__global__ void bias_relu_ref(const float* x, const float* bias, float* y, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    float v = x[i] + bias[i % cols];
    y[i] = v > 0.0f ? v : 0.0f;
}
