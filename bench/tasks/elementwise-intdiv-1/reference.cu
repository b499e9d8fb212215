__global__ void hardswish_ref(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float r = fminf(fmaxf(v + 3.0f, 0.0f), 6.0f);
    y[i] = v * r / 6.0f;
}
