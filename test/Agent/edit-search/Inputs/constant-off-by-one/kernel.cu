// Averages pairs of neighbours: out[i] = (x[2i] + x[2i+1]) / 2.
__global__ void pairavg_kernel(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 0.5f * (x[2 * i] + x[2 * i + 2]);
}
