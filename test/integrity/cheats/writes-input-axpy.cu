// Cheat: scales x in place (saving a register), clobbering the caller's input.
__global__ void axpy(float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] *= alpha;
        z[i] = x[i] + y[i];
    }
}
