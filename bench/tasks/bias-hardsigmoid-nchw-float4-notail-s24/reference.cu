// Reference: one thread per element, plain HardSigmoid in double.
__global__ void bias_hardsigmoid_ref(const float* x, const float* bias, float* y,
                                     int total, int C, int HW) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total) return;
    int nc = i / HW;
    int c = nc % C;
    double v = (double)x[i] + (double)bias[c];
    double r = v + 3.0;
    if (r < 0.0) r = 0.0;
    if (r > 6.0) r = 6.0;
    y[i] = (float)(r / 6.0);
}
