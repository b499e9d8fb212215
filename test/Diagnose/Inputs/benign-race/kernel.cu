// Scale by a factor staged in shared memory; every thread of the first warp
// stores the same factor (a write/write race whose value happens to agree).
__global__ void scale_staged(const float *x, float *y, float f, int n) {
    __shared__ float factor;
    if (threadIdx.x < 32)
        factor = f;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * factor;
}
