__global__ void gelu_tanh_ref(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i];
    double inner = 0.7978845608028654 * (v + 0.044715 * v * v * v);
    y[i] = (float)(0.5 * v * (1.0 + tanh(inner)));
}
