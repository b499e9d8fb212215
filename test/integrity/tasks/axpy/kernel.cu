// The pipeline's first candidate: no tail guard (the test sizes hide it).
__global__ void axpy(const float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    z[i] = alpha * x[i] + y[i];
}
