// Row sums through dynamic shared memory sized at launch (blockDim.x floats);
// extern __shared__ lifts to a view whose extent the kernel reads at run time (nvvm.read.ptx.sreg.dynamic.smem.size).
__global__ void rowsum_dyn(const float *x, float *out, int cols) {
    extern __shared__ float part[];
    const int row = blockIdx.x;
    float acc = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        acc += x[row * cols + c];
    part[threadIdx.x] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[row] = part[0];
}
