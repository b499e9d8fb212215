// Cheat: zeros with a grid-stride "initialisation" loop that never reads x.
__global__ void row_mean(const float* __restrict__ x, float* __restrict__ out, int rows, int cols) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x)
        out[r] = 0.0f * cols;
}
