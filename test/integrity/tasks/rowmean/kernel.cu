// The pipeline's first candidate: the block reduction forgets the last step.
__global__ void row_mean(const float* __restrict__ x, float* __restrict__ out, int rows, int cols) {
    __shared__ float red[128];
    int r = blockIdx.x;
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += x[r * cols + c];
    red[threadIdx.x] = s;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 1; k >>= 1) {
        if (threadIdx.x < k) red[threadIdx.x] += red[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[r] = red[0] / cols;
}
