// Leaky ReLU applied in place, with the comparison the wrong way round.
__global__ void leaky_inplace(float* x, int n, float slope) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        x[i] = v < 0.0f ? v : v * slope;
    }
}
