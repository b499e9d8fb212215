// The repair of tasks/axpy/kernel.cu: the tail guard added.
__global__ void axpy(const float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = alpha * x[i] + y[i];
}
