__global__ void scaled_relu_ref(const float* x, const float* v, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double r = (double)x[i] / sqrt((double)v[i]);
    y[i] = (float)(r < 0.0 ? 0.0 : r);
}
